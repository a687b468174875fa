import ResultModel

/// Options shared by the console parsers.
public struct ConsoleParseOptions: Sendable {
    /// The input's name, used in diagnostics.
    public var fileName: String
    /// Test output up to this many bytes is kept inline in the test record; longer output is stored as a blob.
    public var inlineOutputLimit: Int
    /// The most output kept for one test; beyond it output is cut and a note added (bounded memory).
    public var maximumOutputPerTest: Int
    /// Whether swift-testing lines are left to another source (the JSON event stream) instead of parsed.
    public var ignoresSwiftTesting: Bool
    /// Whether a test that passes on the line after its start is handed to the sink as bytes
    /// (``ResultModel/ResultSink/addPassedTest(_:)``); off only to compare with the general path.
    var writesPassedTestsFromBytes = true

    /// Creates options.
    public init(
        fileName: String,
        inlineOutputLimit: Int = 16 << 10,
        maximumOutputPerTest: Int = 64 << 20,
        ignoresSwiftTesting: Bool = false
    ) {
        self.fileName = fileName
        self.inlineOutputLimit = inlineOutputLimit
        self.maximumOutputPerTest = maximumOutputPerTest
        self.ignoresSwiftTesting = ignoresSwiftTesting
    }
}

/// What a console parser found besides tests: diagnostics and the runner's own reported counts.
public struct ConsoleParseSummary: Sendable {
    /// Problems noticed, with line numbers.
    public var diagnostics: [Diagnostic] = []
    /// Counts from the runner's summary lines (`xctest.executed`, `xctest.failures`, `swiftTesting.tests`, ...).
    public var reportedCounts: [String: Int] = [:]
    /// Tests written to the sink.
    public var testCount = 0
    /// How long the runs took by the clock, as their summary lines said (XCTest's `in 0.5 (0.6) seconds`,
    /// swift-testing's `Test run with 164 tests passed after 0.435 seconds`), added up; `nil` without one.
    public var wallClock: Double?
}
