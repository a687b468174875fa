import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// The XCTest parser hands a test that passes on the line after its start to the sink as bytes; what the sink
/// ends up with is exactly what the general path gives, whatever comes between, around or instead of that line.
@Suite struct PassedTestsFromBytesTests {
    private struct Parsed {
        var tests: [TestRecord]
        var suites: [SuiteRecord]
        var testCount: Int
        var diagnostics: [String]
        var reportedCounts: [String: Int]
        var runOutput: CapturedOutput?
        var passedFromBytes: [String]
    }

    private func parse(_ log: [UInt8], fromBytes: Bool, runIndex: Int = 1) throws -> Parsed {
        let sink = BytesCountingSink()
        _ = try sink.beginRun(RunRecord(producer: "tests", source: "import"))
        _ = try sink.beginRun(RunRecord(producer: "tests", source: "import"))
        var options = ConsoleParseOptions(fileName: "log.txt")
        options.writesPassedTestsFromBytes = fromBytes
        let parser = ConsoleLogParser(sink: sink, runIndex: runIndex, options: options)
        for (number, line) in log.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            try parser.consume(line, lineNumber: number + 1)
        }
        let (summary, output) = try parser.finish()
        return Parsed(
            tests: sink.results.tests, suites: sink.results.suites, testCount: summary.testCount,
            diagnostics: summary.diagnostics.map { "\($0.line ?? 0) \($0.message)" },
            reportedCounts: summary.reportedCounts, runOutput: output, passedFromBytes: sink.passedFromBytes)
    }

    /// Parses `log` both ways and expects the same results; returns the ids of the tests that arrived as bytes.
    @discardableResult
    private func expectSameResults(_ log: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
        -> [String]
    {
        let fast = try parse(log, fromBytes: true)
        let general = try parse(log, fromBytes: false)
        #expect(general.passedFromBytes.isEmpty, sourceLocation: sourceLocation)
        #expect(fast.tests == general.tests, sourceLocation: sourceLocation)
        #expect(fast.suites == general.suites, sourceLocation: sourceLocation)
        #expect(fast.testCount == general.testCount, sourceLocation: sourceLocation)
        #expect(fast.diagnostics == general.diagnostics, sourceLocation: sourceLocation)
        #expect(fast.reportedCounts == general.reportedCounts, sourceLocation: sourceLocation)
        #expect(fast.runOutput == general.runOutput, sourceLocation: sourceLocation)
        return fast.passedFromBytes
    }

    static let start = " started at 2026-11-22 11:06:58.105"

    /// Lines around, between and instead of plain passed tests.
    static let trickyLog = [
        "Building for debugging...",
        "Test Suite 'All tests' started at 2026-11-22 11:06:58.082",
        "Test Suite 'S' started at 2026-11-22 11:06:58.105",
        "Test Case 'S.plain'\(start)", "Test Case 'S.plain' passed (0.001 seconds)",
        "Test Case 'S.call()'\(start)", "Test Case 'S.call()' passed (0.002 seconds)",
        "Test Case 'S.zero'\(start)", "Test Case 'S.zero' passed (0.0 seconds)",
        "Test Case 'noDot'\(start)", "Test Case 'noDot' passed (0.004 seconds)",
        "Test Case 'A.B.nested'\(start)", "Test Case 'A.B.nested' passed (0.005 seconds)",
        "Test Case '-[M.C testX]' started.", "Test Case '-[M.C testX]' passed (0.003 seconds).",
        "Test Case 'S.prints'\(start)", "a line the test printed", "Test Case 'S.prints' passed (0.001 seconds)",
        "Test Case 'S.q\"uote\\\\'\(start)", "Test Case 'S.q\"uote\\\\' passed (0.001 seconds)",
        "Test Case 'S.ünï'\(start)", "Test Case 'S.ünï' passed (0.001 seconds)",
        "Test Case 'S.one'\(start)", "Test Case 'S.other' passed (0.001 seconds)",
        "Test Case 'S.fails'\(start)",
        "/tmp/S.swift:4: error: S.fails : XCTAssertEqual failed: (\"1\") is not equal to (\"2\")",
        "Test Case 'S.fails' failed (0.010 seconds)",
        "Test Case 'S.failsAtOnce'\(start)", "Test Case 'S.failsAtOnce' failed (0.010 seconds)",
        "Test Case 'S.skips'\(start)", "/tmp/S.swift:9: S.skips : Test skipped - later",
        "Test Case 'S.skips' skipped (0.000 seconds)",
        "Test Case 'S.noTime'\(start)", "Test Case 'S.noTime' passed",
        "Test Case 'S.cut'\(start)", "Test Case 'S.next'\(start)", "Test Case 'S.next' passed (0.001 seconds)",
        "Test Case 'S.colored'\(start)", "\u{1B}[32mTest Case 'S.colored' passed (0.1 seconds)\u{1B}[0m",
        "\u{1B}[1mTest Case 'S.coloredStart'\(start)\u{1B}[0m", "Test Case 'S.coloredStart' passed (0.1 seconds)",
        "Test Case 'S.measured'\(start)",
        "/tmp/S.swift:20: Test Case 'S.measured' measured [Time, seconds] average: 0.001, relative standard deviation: 1.0%, values: [0.001000, 0.001000], performanceMetricID:com.apple.XCTPerformanceMetric_WallClockTime, baselineName: \"\", baselineAverage: , maxPercentRegression: 10.000%, maxPercentRelativeStandardDeviation: 10.000%, maxRegression: 0.100, maxStandardDeviation: 0.100",
        "Test Case 'S.measured' passed (0.3 seconds)",
        "/tmp/S.swift:30: error: S.orphan : failed before it started",
        "Test Case 'S.orphan'\(start)", "Test Case 'S.orphan' failed (0.001 seconds)",
        "Test Suite 'T' started at 2026-11-22 11:06:58.105",
        "Test Case 'T.first'\(start)", "Test Case 'T.first' passed (0.001 seconds)",
        "Test Suite 'T' passed at 2026-11-22 11:06:58.105",
        "Test Case 'S.back'\(start)", "Test Case 'S.back' passed (0.001 seconds)",
        "Test Suite 'S' failed at 2026-11-22 11:06:58.200",
        "\t Executed 20 tests, with 1 test skipped and 2 failures (0 unexpected) in 0.5 (0.5) seconds",
        "Test Suite 'All tests' failed at 2026-11-22 11:06:58.201",
        "\t Executed 20 tests, with 1 test skipped and 2 failures (0 unexpected) in 0.5 (0.5) seconds",
        "Test Case 'S.lastStarted'\(start)",
    ].joined(separator: "\n")

    @Test func aTrickyLogGivesTheSameResultsBothWays() throws {
        let fromBytes = try expectSameResults(Array(Self.trickyLog.utf8))
        #expect(
            fromBytes == [
                "S/plain", "S/call", "S/zero", "noDot", "A.B/nested", "S/q\"uote\\\\", "T/first", "S/back",
            ])
    }

    @Test func everyPrefixOfTheTrickyLogGivesTheSameResultsBothWays() throws {
        let lines = Self.trickyLog.split(separator: "\n", omittingEmptySubsequences: false)
        for count in 0...lines.count {
            try expectSameResults(Array(lines.prefix(count).joined(separator: "\n").utf8))
        }
    }

    @Test(arguments: ConsoleCorpusTests.logs)
    func corpusLogsGiveTheSameResultsBothWays(log: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ImportHarness.corpus(log))))
        try expectSameResults(bytes)
    }

    @Test func aLargeLogIsWrittenMostlyFromBytes() throws {
        var lines: [String] = ["Test Suite 'All tests' started at 2026-11-22 11:06:58.082"]
        for index in 0..<3000 {
            let suite = "Suite\(index / 100)Tests"
            let name = "\(suite).test\(index)"
            if index % 100 == 0 { lines.append("Test Suite '\(suite)' started at 2026-11-22 11:06:58.105") }
            lines.append("Test Case '\(name)'\(Self.start)")
            if index % 97 == 0 { lines.append("output of \(index)") }
            lines.append("Test Case '\(name)' \(index % 89 == 0 ? "failed" : "passed") (0.00\(index % 10) seconds)")
            if index % 100 == 99 { lines.append("Test Suite '\(suite)' passed at 2026-11-22 11:06:58.105") }
        }
        let fromBytes = try expectSameResults(Array(lines.joined(separator: "\n").utf8))
        #expect(fromBytes.count > 2900)
        #expect(try parse(Array(lines.joined(separator: "\n").utf8), fromBytes: true).suites.count == 30)
    }
}
