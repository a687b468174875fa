import Foundation
import ResultModel
import ResultSupport

/// Imports test-output files into a sink, one file at a time, each streamed in chunks.
///
/// Several files feed the same run. When an event stream is among the inputs, swift-testing lines in console
/// logs are skipped, so the same tests are not counted twice (the event stream is the richer source).
public final class ResultImporter {
    /// What importing one file found.
    public struct FileOutcome: Sendable {
        /// The format used.
        public var format: ImportFormat
        /// Tests written.
        public var testCount: Int
        /// Problems noticed, with places.
        public var diagnostics: [Diagnostic]
        /// Counts the runner printed about itself.
        public var reportedCounts: [String: Int]
        /// Output outside any test, from console logs.
        public var output: CapturedOutput?
        /// How long the runs in the file took by the clock, when the file says (``ConsoleParseSummary/wallClock``,
        /// ``EventStreamParser/wallClock``).
        public var wallClock: Double? = nil
    }

    private let sink: any ResultSink
    private let runIndex: Int
    /// Whether swift-testing lines in console logs are skipped (their results come from an event stream).
    public var ignoresSwiftTestingConsole = false
    /// The folder the attachments of JUnit XML must lie in, and relative paths are resolved against; `nil` (the
    /// default) is each JUnit file's own folder. Standard input has no folder: its attachments need this.
    public var attachmentsRoot: URL?
    /// The largest attachment stored (the bundle's blob limit); a larger file is a warning and is not attached.
    public var maxAttachmentBytes = 1 << 30
    /// The crash a console log showed while no XCTest test ran: an event stream imported after it (the stream of
    /// that process stops mid-test) gets its unfinished tests marked crashed with it.
    private var crashOutsideTests: IssueRecord?

    /// Creates an importer writing tests of run `runIndex` to `sink`.
    public init(sink: any ResultSink, runIndex: Int) {
        self.sink = sink
        self.runIndex = runIndex
    }

    /// The format of a file, read from its first 64 KiB (`-` is standard input and cannot be peeked: use
    /// ``importFile(_:format:)`` directly).
    public static func detectFormat(ofFile path: String) throws -> ImportFormat {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImportError(.unreadable, "cannot open the file", file: path)
        }
        defer { try? handle.close() }
        let prefix = (try? handle.read(upToCount: 64 << 10)) ?? Data()
        return try FormatDetector.detect(Array(prefix), fileName: path)
    }

    /// Imports `path` (`-` for standard input) in `format` (`auto` detects it).
    public func importFile(_ path: String, format: ImportFormat = .auto) throws -> FileOutcome {
        let file: POSIXFile
        do {
            file = path == "-" ? POSIXFile(descriptor: STDIN_FILENO, path: nil) : try POSIXFile.open(path, O_RDONLY)
        } catch {
            throw ImportError(.unreadable, "cannot open: \(error.reason)", file: path, underlying: error)
        }
        defer { if path != "-" { try? file.close() } }
        let descriptor = file.descriptor
        let name = path == "-" ? "<stdin>" : path
        let prefix = try readPrefix(descriptor, count: 64 << 10, fileName: name)
        let resolved = format == .auto ? try FormatDetector.detect(prefix, fileName: name) : format
        switch resolved {
        case .auto, .xctest, .swiftTesting:
            return try importConsole(descriptor, prefix: prefix, fileName: name, format: resolved)
        case .eventStream:
            return try StructuredImports.importEventStream(
                descriptor, prefix: prefix, fileName: name, path: path, sink: sink, runIndex: runIndex,
                crash: crashOutsideTests)
        case .junit:
            return try importJUnit(descriptor, prefix: prefix, fileName: name, path: path)
        }
    }

    /// Imports JUnit XML; attachments resolve against ``attachmentsRoot`` or the file's own folder.
    private func importJUnit(_ descriptor: Int32, prefix: [UInt8], fileName: String, path: String) throws
        -> FileOutcome
    {
        let root = attachmentsRoot ?? (path == "-" ? nil : URL(fileURLWithPath: path).deletingLastPathComponent())
        let importer = JUnitImporter(
            sink: sink, runIndex: runIndex, fileName: fileName, attachmentsBase: root,
            maxAttachmentBytes: maxAttachmentBytes)
        let (tests, diagnostics) = try importer.run(prefix: prefix, descriptor: descriptor)
        return FileOutcome(format: .junit, testCount: tests, diagnostics: diagnostics, reportedCounts: [:], output: nil)
    }

    private func importConsole(
        _ descriptor: Int32, prefix: [UInt8], fileName: String, format: ImportFormat
    ) throws -> FileOutcome {
        let options = ConsoleParseOptions(fileName: fileName, ignoresSwiftTesting: ignoresSwiftTestingConsole)
        let parser = ConsoleLogParser(sink: sink, runIndex: runIndex, options: options)
        try StructuredImports.forEachLine(descriptor, prefix: prefix, fileName: fileName) { line in
            try parser.consume(line.bytes, lineNumber: line.number)
        }
        let (summary, output) = try parser.finish()
        crashOutsideTests = crashOutsideTests ?? parser.crashIssueOutsideTests
        if summary.testCount == 0 && summary.reportedCounts.isEmpty {
            throw ImportError(
                .notTestOutput,
                "no XCTest or swift-testing results in this log (no test case, suite or summary line was found)",
                file: fileName)
        }
        return FileOutcome(
            format: format == .auto ? .xctest : format,
            testCount: summary.testCount,
            diagnostics: summary.diagnostics,
            reportedCounts: summary.reportedCounts,
            output: output,
            wallClock: summary.wallClock
        )
    }

    private func readPrefix(_ descriptor: Int32, count: Int, fileName: String) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        let file = POSIXFile(descriptor: descriptor, path: fileName)
        while filled < count {
            let got: Int
            do {
                got = try bytes.withUnsafeMutableBytes {
                    try file.readSome(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled..<count]))
                }
            } catch let error as SystemCallError {
                throw ImportError.unreadable(error, file: fileName)
            }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes[0..<filled])
    }
}

/// Entry points of the structured importers (event stream, JUnit).
enum StructuredImports {
    /// Splits the already-read `prefix` and the rest of `descriptor` into lines.
    static func forEachLine(
        _ descriptor: Int32, prefix: [UInt8], fileName: String, _ body: (LineReader.Line) throws -> Void
    ) throws {
        var splitter = LineSplitter()
        try prefix.withUnsafeBytes { try splitter.feed($0, body) }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        let file = POSIXFile(descriptor: descriptor, path: fileName)
        while true {
            let count: Int
            do { count = try file.readSome(into: chunk) } catch { throw ImportError.unreadable(error, file: fileName) }
            if count == 0 { break }
            try splitter.feed(UnsafeRawBufferPointer(rebasing: chunk[0..<count]), body)
        }
        try splitter.finish(body)
    }

    static func importEventStream(
        _ descriptor: Int32, prefix: [UInt8], fileName: String, path: String, sink: any ResultSink, runIndex: Int,
        crash: IssueRecord? = nil
    ) throws -> ResultImporter.FileOutcome {
        let base = path == "-" ? nil : URL(fileURLWithPath: path).deletingLastPathComponent()
        let parser = EventStreamParser(sink: sink, runIndex: runIndex, fileName: fileName, attachmentsBase: base)
        try forEachLine(descriptor, prefix: prefix, fileName: fileName) { line in
            try parser.consume(line.bytes, lineNumber: line.number)
        }
        let diagnostics = try parser.finish(crash: crash)
        let counts = parser.testCount > 0 ? ["swiftTesting.parsed": parser.testCount] : [:]
        return ResultImporter.FileOutcome(
            format: .eventStream, testCount: parser.testCount, diagnostics: diagnostics, reportedCounts: counts,
            output: nil, wallClock: parser.wallClock)
    }
}
