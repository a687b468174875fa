import Foundation
import ResultModel

/// Where a line-stream parser writes its tests, and how many it wrote.
final class StreamOutput {
    let sink: any ResultSink
    let runIndex: Int
    /// The input's name as diagnostics show it.
    let fileName: String
    private(set) var testCount = 0
    /// The most entries (running tests, groups, suites) a reader keeps open at once: a stream that starts tests
    /// and never ends them cannot grow memory without bound.
    static let maxOpen = 100_000
    /// The warning that the limit was reached, when it was.
    private(set) var diagnostics: [Diagnostic] = []
    /// The buffer a passed test given as a ``TestIdentity`` is written from.
    private var passedBytes = PassedTestBytes()

    init(sink: any ResultSink, runIndex: Int, fileName: String) {
        self.sink = sink
        self.runIndex = runIndex
        self.fileName = fileName
    }

    /// Whether one more entry may be kept beside `count` open ones; the first refusal is a warning naming `line`.
    func mayKeep(_ count: Int, _ what: String, line: Int) -> Bool {
        guard count >= Self.maxOpen else { return true }
        if diagnostics.isEmpty {
            diagnostics.append(
                Diagnostic(
                    severity: .warning,
                    message: "more than \(Self.maxOpen) \(what) are open at line \(line); those after are not kept",
                    file: fileName, line: line))
        }
        return false
    }

    /// The error for tests a stream never ended (written as interrupted): how many, and where the first started.
    func unfinished(_ count: Int, first: String, line: Int) -> Diagnostic {
        let tests = count == 1 ? "test \(first)" : "\(count) tests (the first, \(first),"
        return Diagnostic(
            severity: .error,
            message: "the stream ends before \(tests) started on line \(line)\(count == 1 ? "" : ")") ends: the file "
                + "is cut off or the runner was killed; imported as interrupted",
            file: fileName, line: line)
    }

    /// Writes a test of the run.
    func write(
        _ identity: TestIdentity, location: SourceLocation? = nil, attempts: [TestAttempt],
        properties: [NameValue] = []
    ) throws {
        try write(
            TestRecord(
                runIndex: runIndex, identity: identity, location: location, attempts: attempts,
                properties: properties))
    }

    /// Writes a test record.
    func write(_ record: TestRecord) throws {
        testCount += 1
        try sink.addTest(record)
    }

    /// Writes a test that passed on its only attempt with nothing to say but its duration, as bytes
    /// (``ResultSink/addPassedTest(_:)``); the bundle holds the same test as the record would.
    func writePassed(_ identity: TestIdentity, start: Double? = nil, duration: Double?) throws {
        testCount += 1
        try passedBytes.write(identity, runIndex: runIndex, start: start, duration: duration, to: sink)
    }

    /// Writes a passed test from its bytes (its `runIndex` must be this output's).
    func writePassed(_ test: PassedTestText) throws {
        testCount += 1
        try sink.addPassedTest(test)
    }

    /// A test's output as a record value: inline up to 16 KiB, otherwise a blob.
    func captured(_ text: String) throws -> CapturedOutput? {
        guard !text.isEmpty else { return nil }
        if text.utf8.count <= 16 << 10 { return CapturedOutput(text: text) }
        return CapturedOutput(blob: try sink.storeBlob(Data(text.utf8)))
    }
}
