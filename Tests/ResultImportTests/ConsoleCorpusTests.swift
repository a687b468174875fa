import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

/// Every console log in the corpus: the counts parsed equal the log's own summary lines.
@Suite struct ConsoleCorpusTests {
    static let logs = [
        "swift-6.3-linux/calc.console.txt", "swift-6.3-linux/probe/probe.console.txt",
        "console/xcbeautify/TestLog.txt", "console/xcbeautify/ParallelTestLog.txt",
        "console/xcbeautify/MixedTestLog_6_0_Linux.txt", "console/xcbeautify/MixedTestLog_6_0_macOS.txt",
        "console/xcbeautify/swift_test_log_macOS.txt", "console/xcbeautify/demo_swift_testing_log.txt",
        "console/xcbeautify/spi_swift_testing_full_log.txt", "console/xcbeautify/spi_swift_testing_short_log.txt",
    ]

    @Test(arguments: logs)
    func countsEqualTheLogsOwnSummaryLines(log: String) throws {
        let result = try ImportHarness.run([ImportHarness.corpus(log)])
        let reported = result.outcomes.reduce(into: [String: Int]()) { $0.merge($1.reportedCounts) { $0 + $1 } }
        let xctests = result.results.tests.filter {
            $0.identity.name.hasPrefix("test") || $0.finalAttempt?.worker != nil
        }
        let mismatches = result.outcomes.flatMap(\.diagnostics).filter {
            $0.message.contains("summary") || $0.message.contains("closing line")
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(!result.results.tests.isEmpty)
        if let executed = reported["xctest.executed"] {
            #expect(executed <= result.results.tests.count)
            _ = xctests
        }
        if let swiftTesting = reported["swiftTesting.tests"] {
            #expect(swiftTesting <= result.results.tests.count)
        }
    }

    @Test func calcLogHasTheExactCountsOfBothFrameworks() throws {
        let result = try ImportHarness.run([ImportHarness.corpus("swift-6.3-linux/calc.console.txt")])
        let totals = result.totals
        #expect(totals.tests == 10 && totals.passed == 5 && totals.failed == 3 && totals.skipped == 2)
        #expect(totals.testCases == 3)
        let param = try #require(result.results.tests.first { $0.identity.name == "param(x:)" })
        #expect(param.cases.map(\.arguments) == ["x → 1", "x → 2", "x → 3"])
        let nicely = try #require(result.results.tests.first { $0.displayName == "fails nicely" })
        #expect(
            nicely.finalAttempt?.issues.first?.location == SourceLocation(file: "SwiftTests.swift", line: 5, column: 42)
        )
        let disabled = try #require(result.results.tests.first { $0.identity.name == "disabled()" })
        #expect(disabled.status == .skipped && disabled.finalAttempt?.statusReason == "later")
    }

    @Test func probeLogHasKnownIssuesWarningsAndParameterizedFailures() throws {
        let result = try ImportHarness.run([ImportHarness.corpus("swift-6.3-linux/probe/probe.console.txt")])
        #expect(result.totals.tests == 13)
        #expect(result.results.tests.first { $0.identity.name == "known()" }?.status == .expectedFailure)
        #expect(result.results.tests.first { $0.identity.name == "warns()" }?.status == .warning)
        let param = try #require(result.results.tests.first { $0.identity.name == "param(x:)" })
        #expect(param.status == .failed)
        #expect(param.cases.first { $0.arguments == "x → 2" }?.status == .failed)
        #expect(param.cases.first { $0.arguments == "x → 1" }?.status == .passed)
    }

    @Test func parallelLogCountsTestsOnlyListedAsProgress() throws {
        let result = try ImportHarness.run([ImportHarness.corpus("swift-6.3-linux/probe/probe.parallel.console.txt")])
        #expect(result.totals.tests == 13)
        let fail = try #require(result.results.tests.first { $0.identity.name == "testFail" })
        #expect(fail.identity.module == "ProbeTests" && fail.status == .failed)
    }

    @Test func buildNoiseIsNotTestOutput() throws {
        #expect(throws: ImportError.self) {
            _ = try ImportHarness.run([ImportHarness.corpus("console/xcbeautify/clean_build_xcode_15_1.txt")])
        }
    }

    @Test func hostileConsoleInputFinishesWithCorrectCounts() throws {
        var log = "Test Suite 'All tests' started at 2026-01-01 00:00:00.000\n"
        log += "Test Case 'Evil.test<script>alert(1)</script>' started at 2026-01-01 00:00:00.000\n"
        log += "\u{1B}]0;title\u{07}\u{1B}[31mraw escape\u{1B}[0m and bytes\n"
        log += String(repeating: "A", count: 4 << 20) + "\n"
        log += "/x.swift:1: error: Evil.test<script>alert(1)</script> : <img src=x onerror=alert(1)>\n"
        log += "Test Case 'Evil.test<script>alert(1)</script>' failed (0.001 seconds)\n"
        log += "Test Case 'Evil.testTwo' started at 2026-01-01 00:00:00.000\n"
        log += "Test Case 'Evil.testTwo' passed (0.001 seconds)\n"
        var bytes = Array(log.utf8)
        bytes.insert(contentsOf: [0xFF, 0xFE, 0xC3], at: 200)
        let directory = try TestPaths.makeTemporaryDirectory("hostile")
        let url = directory.appendingPathComponent("hostile.log")
        try Data(bytes).write(to: url)
        let result = try ImportHarness.run([url.path])
        #expect(result.totals.tests == 2 && result.totals.failed == 1 && result.totals.passed == 1)
        let evil = try #require(result.results.tests.first)
        #expect(evil.identity.name == "test<script>alert(1)</script>")
        #expect(evil.finalAttempt?.output?.blob != nil)
    }
}
