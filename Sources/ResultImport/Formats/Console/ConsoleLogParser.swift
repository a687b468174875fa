import Foundation
import ResultModel
import ResultSupport

/// Parses a whole `swift test` console stream, which holds XCTest output, swift-testing output and build
/// output, line by line. XCTest lines and what tests print go to ``XCTestConsoleParser``, swift-testing lines to
/// ``SwiftTestingConsoleParser`` (unless swift-testing results come from an event stream instead), and every
/// other line to the run's own output.
public final class ConsoleLogParser {
    private let xctest: XCTestConsoleParser
    private let swiftTesting: SwiftTestingConsoleParser
    private let options: ConsoleParseOptions
    private let sink: any ResultSink
    private var runOutput: OutputBuffer

    /// Creates a parser writing tests of run `runIndex` to `sink`.
    public init(sink: any ResultSink, runIndex: Int, options: ConsoleParseOptions) {
        self.sink = sink
        self.options = options
        xctest = XCTestConsoleParser(sink: sink, runIndex: runIndex, options: options)
        swiftTesting = SwiftTestingConsoleParser(sink: sink, runIndex: runIndex, options: options)
        runOutput = OutputBuffer(limit: options.maximumOutputPerTest)
    }

    /// A crash report printed while no XCTest test ran (a swift-testing test's, or a process's before any test).
    private var crashOutsideTests = CrashEvidence()

    /// The crash printed while no XCTest test ran, when there was one: the tests still running in the event
    /// stream crashed with it.
    public var crashIssueOutsideTests: IssueRecord? { crashOutsideTests.isEmpty ? nil : crashOutsideTests.issue }

    /// Tests written so far.
    public var testCount: Int { xctest.summary.testCount + swiftTesting.summary.testCount }

    /// Feeds one line without its line break.
    public func consume(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) throws {
        if ANSIEscapes.containsEscape(line) {
            let plain = ANSIEscapes.strip(line)
            try plain.withUnsafeBufferPointer { try route(original: line, plain: $0, lineNumber: lineNumber) }
        } else {
            try route(original: line, plain: line, lineNumber: lineNumber)
        }
    }

    /// Feeds one line without its line break.
    public func consume(_ line: ArraySlice<UInt8>, lineNumber: Int) throws {
        try line.withUnsafeBufferPointer { try consume($0, lineNumber: lineNumber) }
    }

    private func route(
        original: UnsafeBufferPointer<UInt8>, plain: UnsafeBufferPointer<UInt8>, lineNumber: Int
    ) throws {
        if let first = plain.first, first >= 0xE2 || (first == 0xF4 && plain.count > 4) {
            let text = plain.string
            if SwiftTestingLineClassifier.startsWithSymbol(text) {
                if options.ignoresSwiftTesting {
                    runOutput.append(original)
                    return
                }
                if try swiftTesting.consume(text, lineNumber: lineNumber) {
                    runOutput.append(original)
                    return
                }
            }
        }
        if try xctest.consume(original: original, plain: plain, lineNumber: lineNumber) { return }
        if !xctest.namedCrashedProcess { _ = crashOutsideTests.observe(plain) }
        runOutput.append(original)
    }

    /// Ends parsing: open tests become interrupted; returns the diagnostics, reported counts and the run's own
    /// output (stored as a blob when long).
    public func finish(interrupted: Bool = false) throws -> (summary: ConsoleParseSummary, output: CapturedOutput?) {
        var summary = try xctest.finish(interrupted: interrupted)
        let crash = crashOutsideTests.isEmpty ? nil : crashOutsideTests
        let other = try swiftTesting.finish(interrupted: interrupted, crash: crash)
        summary.diagnostics += other.diagnostics
        summary.reportedCounts.merge(other.reportedCounts) { $0 + $1 }
        if crash != nil, other.reportedCounts["crashes"] == nil { summary.reportedCounts["crashes", default: 0] += 1 }
        // The run's wall clock is known only when every framework that ran tests said how long it took (`swift test
        // --parallel` prints no XCTest summary): a part left out would make the run look shorter than it was.
        let frameworks = [(summary.testCount, summary.wallClock), (other.testCount, other.wallClock)]
        let unreported = frameworks.contains { tests, wallClock in tests > 0 && wallClock == nil }
        let reported = frameworks.compactMap(\.1)
        summary.wallClock = unreported || reported.isEmpty ? nil : reported.reduce(0, +)
        summary.testCount += other.testCount
        let output = try runOutput.captured(inlineLimit: options.inlineOutputLimit, sink: sink)
        return (summary, output)
    }
}
