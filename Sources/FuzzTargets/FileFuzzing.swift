import Foundation
import HTMLReport
import ResultBundle
import ResultImport
import ResultModel
import ResultSupport
import TerminalEmulation

/// Targets for the readers that take a file: the input is written to a scratch file first.
enum FileFuzzing {
    /// A JUnit XML file through `import`'s own entry point.
    static func junit(_ input: UnsafeRawBufferPointer) {
        guard let file = ScratchInput.write(input, named: "input.xml") else { return }
        let sink = InMemoryResults()
        guard let run = try? sink.beginRun(RunRecord(producer: "fuzz", source: "fuzz")) else { return }
        _ = try? ResultImporter(sink: sink, runIndex: run).importFile(file.path, format: .junit)
    }

    /// A file in one of the import registry's formats, read as that format through `import`'s own entry point.
    static func importing(_ input: UnsafeRawBufferPointer, as format: ImportFormat) {
        guard let file = ScratchInput.write(input, named: "input.\(format.rawValue)") else { return }
        let sink = InMemoryResults()
        guard let run = try? sink.beginRun(RunRecord(producer: "fuzz", source: "fuzz")) else { return }
        _ = try? ResultImporter(sink: sink, runIndex: run).importFile(file.path, format: format)
    }

    /// A bundle: header, frames, index (or the scan that rebuilds it), records, blobs, lookups and `verify`.
    static func bundleReader(_ input: UnsafeRawBufferPointer) {
        guard let file = ScratchInput.write(input, named: "input.resultbundle"),
            let reader = try? BundleReader(url: file)
        else { return }
        _ = try? reader.verify()
        try? reader.forEachSuite { _ in }
        var identities: [String] = []
        try? reader.forEachTest { test in
            if identities.count < 8 { identities.append(test.identity.id) }
            for attachment in test.attempts.flatMap(\.allAttachments) {
                _ = try? reader.blobData(attachment.blob)
            }
        }
        for identity in identities { _ = try? reader.test(id: identity) }
        // Each run's coverage (format 1.6): listed from the tables, every file decoded, and one read on its own.
        for runIndex in reader.runsWithCoverage {
            let files = (try? reader.coverageFiles(ofRun: runIndex)) ?? []
            if let first = files.first { _ = try? reader.coverage(of: first) }
            try? reader.forEachCoverageFile(ofRun: runIndex) { _ in }
        }
        // As the display commands read it: every string over a few bytes cut while it is decoded.
        guard let cutting = try? BundleReader(url: file, limits: BundleLimits(maxDecodedStringBytes: 5)) else { return }
        try? cutting.forEachSuite { _ in }
        try? cutting.forEachTest { _ in }
    }

    /// An asciicast recording replayed into an emulator of the size its header asks for.
    static func asciicast(_ input: UnsafeRawBufferPointer) {
        guard let file = ScratchInput.write(input, named: "input.cast"),
            let emulator = try? AsciicastReader.replay(contentsOf: file)
        else { return }
        _ = TerminalSnapshotHTML.render(emulator.snapshot(includeScrollback: true), label: "fuzz")
    }
}

/// One scratch folder per fuzzing process, holding the current input.
enum ScratchInput {
    private static let folder: URL? = {
        let made = try? ScratchFolder.make(purpose: "fuzz").url
        // Removed when the process exits (each fuzzing run, each run of the seed replays in FuzzTargetsTests),
        // rather than left for a later run to find stale a day on.
        atexit {
            if let folder = ScratchInput.folder { try? FileManager.default.removeItem(at: folder) }
        }
        return made
    }()

    /// A folder inside the scratch folder (an input that is a folder: an Allure results folder, an `.xcresult`).
    static func subfolder(named name: String) -> URL? {
        guard let folder else { return nil }
        let subfolder = folder.appendingPathComponent(name, isDirectory: true)
        guard (try? FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)) != nil
        else { return nil }
        return subfolder
    }

    static func write(_ input: UnsafeRawBufferPointer, named name: String) -> URL? {
        guard let folder else { return nil }
        let file = folder.appendingPathComponent(name)
        do {
            try Data(input).write(to: file)
        } catch {
            return nil
        }
        return file
    }
}
