import Foundation
import ResultBundle
import ResultImport
import ResultModel

/// Runs a test command, passes its output through live, parses it as it streams and writes every finished test
/// to a bundle at once, so a killed `record` still leaves every test that had finished.
struct RecordSession {
    /// What the command and the recording came to.
    struct Outcome {
        var exitCode: Int32
        var totals: ResultTotals
        var diagnostics: [Diagnostic]
    }

    let command: [String]
    let runName: String?
    let usesEventStream: Bool

    /// Records into the bundle at `url` (written in place: the file is crash-safe while it grows).
    func run(writingTo url: URL) throws -> Outcome {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("resultbundle-record-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var arguments = command
        var eventStream: URL?
        if usesEventStream && SwiftTestInvocation.isSwiftTest(command) {
            let added = SwiftTestInvocation.addingEventStream(
                to: command,
                eventStreamFile: scratch.appendingPathComponent("events.jsonl"),
                attachmentsDirectory: scratch.appendingPathComponent("attachments"))
            arguments = added.arguments
            eventStream = added.eventStream
            try? FileManager.default.createDirectory(at: added.attachments, withIntermediateDirectories: true)
        }

        let writer = try BundleWriter(creating: url, flushPolicy: .everyTest)
        let journals = scratch.appendingPathComponent("journals")
        try FileManager.default.createDirectory(at: journals, withIntermediateDirectories: true)
        let collector = JournalCollector(directory: journals)
        let sink = CountingSink(wrapping: EnrichingSink(wrapping: writer, collector: collector))
        let runIndex = try sink.beginRun(RunMetadata.forRecordedCommand(command, name: runName))
        let consoleLog = try ConsoleLogFile(in: scratch)
        let options = ConsoleParseOptions(fileName: "<console>", ignoresSwiftTesting: eventStream != nil)
        let console = ConsoleLogParser(sink: sink, runIndex: runIndex, options: options)
        let events = eventStream.map { LiveEventStream(file: $0, sink: sink, runIndex: runIndex) }
        var diagnostics: [Diagnostic] = []
        var lineNumber = 0
        let lock = NSLock()

        var environment = ProcessInfo.processInfo.environment
        environment["RESULTBUNDLE_JOURNAL_DIR"] = journals.path
        let process = PassthroughProcess(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: arguments,
            environment: environment
        ) { line, _ in
            lock.lock()
            defer { lock.unlock() }
            lineNumber += 1
            consoleLog.append(line)
            do {
                try console.consume(line, lineNumber: lineNumber)
            } catch {
                diagnostics.append(Diagnostic(severity: .error, message: "\(error)", line: lineNumber))
            }
        }
        events?.start(lock: lock)
        let exitCode: Int32
        do {
            exitCode = try process.run()
        } catch {
            throw CLIError("cannot run \(command.joined(separator: " ")): \(error.localizedDescription)")
        }
        events?.stop()
        lock.lock()
        defer { lock.unlock() }
        diagnostics += try events?.finish() ?? []
        let (summary, _) = try console.finish(interrupted: false)
        diagnostics += summary.diagnostics
        diagnostics += collector.leftovers()
        let output = try consoleLog.store(in: sink)
        try sink.endRun(
            runIndex,
            RunEnd(
                end: Date().timeIntervalSince1970, exitCode: exitCode, output: output,
                diagnostics: diagnostics, reportedCounts: summary.reportedCounts))
        try writer.close()
        return Outcome(exitCode: exitCode, totals: sink.totals, diagnostics: diagnostics)
    }
}

/// The run's whole console output, kept in a scratch file while the command runs and stored as a blob at the end.
final class ConsoleLogFile {
    private let url: URL
    private let handle: FileHandle

    init(in directory: URL) throws {
        url = directory.appendingPathComponent("console.log")
        FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = try FileHandle(forWritingTo: url)
    }

    func append(_ line: ArraySlice<UInt8>) {
        var bytes = Array(line)
        bytes.append(0x0A)
        handle.write(Data(bytes))
    }

    func store(in sink: any ResultSink) throws -> CapturedOutput? {
        try handle.close()
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size > 0 else { return nil }
        return CapturedOutput(blob: try sink.storeBlob(contentsOf: url))
    }
}
