import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

@Suite struct XCTestConsoleParserTests {
    /// Found by the `xctest-console` fuzz target (Fuzz/Regressions/xctest-console/): a quote and a space inside the
    /// `Test Suite '` or `Test Case '` prefix made an inverted range, and the parser trapped.
    @Test(arguments: [
        "Test Suite ' started at 2026-01-01", "Test Suite ' (x)", "Test Case ' ' on 'worker' passed (1.0 seconds)",
        "/a.swift:1: Test Case ' measured [Time, seconds] average: 1.0",
    ])
    func aQuoteInsideThePrefixIsNoNameAndNoCrash(line: String) throws {
        // Before the fix this trapped (the process died). Now the line is not a suite or a measurement, and the
        // log, whose only other line starts a suite, reads as one with no results or as ordinary output.
        let text = "Test Suite 'All tests' started at 2026-01-01\n\(line)\n"
        do {
            let result = try ImportHarness.run(text: text)
            #expect(result.results.tests.allSatisfy { $0.finalAttempt?.measurements.isEmpty ?? true })
            #expect(result.results.suites.allSatisfy { !$0.path.contains("") })
        } catch let error as ImportError {
            #expect(error.code == .notTestOutput)
        }
    }

    static func run(_ tests: [String], summary: Int?, cut: Bool = false) -> String {
        var lines = [
            "Test Suite 'All tests' started at 2026-01-01 00:00:00.000",
            "Test Suite 'debug.xctest' started at 2026-01-01 00:00:00.000",
            "Test Suite 'T' started at 2026-01-01 00:00:00.000",
        ]
        for test in tests {
            lines += [
                "Test Case 'T.\(test)' started at 2026-01-01 00:00:00.000",
                "Test Case 'T.\(test)' passed (0.001 seconds)",
            ]
        }
        if cut { return lines.joined(separator: "\n") + "\n" }
        lines += [
            "Test Suite 'T' passed at 2026-01-01 00:00:00.100",
            "Test Suite 'debug.xctest' passed at 2026-01-01 00:00:00.100",
            "Test Suite 'All tests' passed at 2026-01-01 00:00:00.100",
        ]
        if let summary {
            lines.append("\t Executed \(summary) tests, with 0 failures (0 unexpected) in 0.002 (0.002) seconds")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each run of a log with several is checked against its own summary.
    @Test func eachRunIsCheckedAgainstItsOwnSummary() throws {
        let cutThenWhole = Self.run(["a", "b"], summary: nil, cut: true) + Self.run(["c", "d", "e"], summary: 3)
        let quiet = try ImportHarness.run(text: cutThenWhole)
        #expect(quiet.results.tests.count == 5)
        #expect(quiet.outcomes[0].diagnostics.filter { $0.message.contains("summary") }.isEmpty)
        #expect(quiet.outcomes[0].reportedCounts["xctest.executed"] == 3)

        let noSummaryThenWrong = Self.run(["a"], summary: nil) + Self.run(["b", "c"], summary: 5)
        let loud = try ImportHarness.run(text: noSummaryThenWrong)
        let warning = try #require(loud.outcomes[0].diagnostics.first { $0.message.contains("summary") })
        #expect(
            warning.message == "the summary of the run that starts at line 9 says 5 XCTest tests ran, but 2 were parsed"
        )
        #expect(warning.line == 9)
    }

    @Test func calcLogKeepsEveryPerformanceValueExactlyAsPrinted() throws {
        let result = try ImportHarness.run([ImportHarness.corpus("swift-6.3-linux/calc.console.txt")])
        let perf = try #require(result.results.tests.first { $0.identity.name == "testPerf" })
        let measurement = try #require(perf.finalAttempt?.measurements.first)
        #expect(
            measurement.values == [
                0.000585, 0.000627, 0.000452, 0.000451, 0.000445, 0.000432, 0.000442, 0.000432, 0.000432, 0.000439,
            ])
        #expect(measurement.metricID == "org.swift.XCTPerformanceMetric_WallClockTime")
        #expect(measurement.name == "Time" && measurement.unit == "seconds")
        #expect(measurement.maxPercentRelativeStandardDeviation == 10 && measurement.maxStandardDeviation == 0.1)
    }

    @Test func calcLogAttributesPrintedLinesAndFailuresToTheirTest() throws {
        let result = try ImportHarness.run([ImportHarness.corpus("swift-6.3-linux/calc.console.txt")])
        let failing = try #require(result.results.tests.first { $0.identity.name == "testAddFails" })
        #expect(failing.status == .failed)
        #expect(failing.finalAttempt?.output?.text?.contains("some log line") == true)
        let issue = try #require(failing.finalAttempt?.issues.first)
        #expect(issue.location == SourceLocation(file: "/home/dev/Calc/Tests/CalcTests/XCTests.swift", line: 5))
        #expect(issue.message.contains("math is hard"))
        let passing = try #require(result.results.tests.first { $0.identity.name == "testAdd" })
        #expect(passing.finalAttempt?.output == nil)
        let skipped = try #require(result.results.tests.first { $0.identity.name == "testSkipped" })
        #expect(skipped.status == .skipped && skipped.finalAttempt?.statusReason == "not on linux")
        let timeout = try #require(result.results.tests.first { $0.identity.name == "testAsync" })
        #expect(timeout.finalAttempt?.issues.first?.kind == .timeout)
    }

    @Test func thrownErrorsAreFailuresOfKindThrownError() throws {
        let result = try ImportHarness.run([ImportHarness.corpus("swift-6.3-linux/probe/probe.console.txt")])
        let test = try #require(result.results.tests.first { $0.identity.name == "testThrows" })
        #expect(test.status == .failed)
        #expect(test.finalAttempt?.issues.first?.kind == .thrownError)
        let failing = try #require(result.results.tests.first { $0.identity.name == "testFail" })
        #expect(failing.finalAttempt?.issues.first?.message.contains("\u{1B}[31mred") == true)
    }

    @Test func darwinNamesAndParallelLinesAreRead() throws {
        let log = """
            Test Suite 'All tests' started at 2023-01-01 10:00:00.000
            Test Case '-[MyLibTests.ParserTests testParse]' started.
            /src/ParserTests.swift:12: error: -[MyLibTests.ParserTests testParse] : XCTAssertTrue failed
            Test Case '-[MyLibTests.ParserTests testParse]' failed (0.105 seconds).
            Test case 'ParserTests.testOther()' passed on 'Clone 1 of iPhone 15 - xctest (123)' (0.005 seconds)
            /src/Perf.swift:5: Test Case '-[MyLibTests.PerfTests testSpeed]' measured [Memory Physical, kB] average: 10.0, relative standard deviation: 1.000%, values: [9.9, 10.1], performanceMetricID:com.apple.XCTPerformanceMetric_Memory, baselineName: "Local", baselineAverage: 8.000, polarity: prefers smaller, maxPercentRegression: 10.000%, maxPercentRelativeStandardDeviation: 10.000%, maxRegression: 0.100, maxStandardDeviation: 0.100
            """
        let result = try ImportHarness.run(text: log + "\n")
        let parse = try #require(result.results.tests.first { $0.identity.name == "testParse" })
        #expect(parse.identity.module == "MyLibTests" && parse.identity.suites == ["ParserTests"])
        #expect(parse.status == .failed && parse.duration == 0.105)
        let other = try #require(result.results.tests.first { $0.identity.name == "testOther" })
        #expect(other.finalAttempt?.worker == "Clone 1 of iPhone 15 - xctest (123)")
        let measurement = PerformanceProbe.parse(
            "[Memory Physical, kB] average: 10.0, relative standard deviation: 1.000%, values: [9.9, 10.1], performanceMetricID:com.apple.XCTPerformanceMetric_Memory, baselineName: \"Local\", baselineAverage: 8.000, polarity: prefers smaller, maxPercentRegression: 10.000%, maxRegression: 0.100"
        )
        #expect(measurement?.baselineAverage == 8 && measurement?.baselineName == "Local" && measurement?.unit == "kB")
        #expect(measurement?.verdict.outcome == .failedRegression)
    }

    @Test func aLogCutMidTestMarksThatTestInterruptedAndKeepsTheRest() throws {
        let full = try String(contentsOfFile: ImportHarness.corpus("swift-6.3-linux/calc.console.txt"), encoding: .utf8)
        let lines = full.split(separator: "\n", omittingEmptySubsequences: false)
        let cut = try #require(lines.firstIndex { $0.contains("testAsync' started") })
        let result = try ImportHarness.run(text: lines[...cut].joined(separator: "\n") + "\n")
        #expect(result.results.tests.map(\.identity.name) == ["testAdd", "testAddFails", "testAsync"])
        #expect(result.results.tests.last?.status == .interrupted)
    }

    @Test func multiLineFailureMessagesAreKeptWhole() throws {
        let log = """
            Test Case 'T.testMulti' started at 2026-01-01 00:00:00.000
            /src/T.swift:3: error: T.testMulti : XCTAssertEqual failed: ("first
            second") is not equal to ("third")
            Test Case 'T.testMulti' failed (0.001 seconds)
            """
        let result = try ImportHarness.run(text: log + "\n")
        let message = try #require(result.results.tests.first?.finalAttempt?.issues.first?.message)
        #expect(message == "XCTAssertEqual failed: (\"first\nsecond\") is not equal to (\"third\")")
    }

    @Test func summaryMismatchesBecomeDiagnostics() throws {
        let log = """
            Test Suite 'All tests' started at 2026-01-01 00:00:00.000
            Test Case 'T.testA' started at 2026-01-01 00:00:00.000
            Test Case 'T.testA' passed (0.001 seconds)
            Test Suite 'All tests' passed at 2026-01-01 00:00:00.000
            \t Executed 2 tests, with 0 failures (0 unexpected) in 0.001 (0.001) seconds
            """
        let result = try ImportHarness.run(text: log + "\n")
        let diagnostics = result.outcomes.flatMap(\.diagnostics)
        #expect(diagnostics.contains { $0.message.contains("says 2 XCTest tests ran, but 1 were parsed") })
    }
}

/// Access to the performance-line parser through its public effect on imports.
enum PerformanceProbe {
    static func parse(_ details: String) -> MeasurementRecord? {
        let log =
            "Test Case 'P.testSpeed' started at 2026-01-01 00:00:00.000\n/x.swift:1: Test Case 'P.testSpeed' measured \(details)\nTest Case 'P.testSpeed' passed (0.1 seconds)\n"
        return (try? ImportHarness.run(text: log))?.results.tests.first?.finalAttempt?.measurements.first
    }
}
