import Foundation
import Testing
import _TestSupport

@testable import JUnitExport
@testable import ResultBundle
@testable import ResultModel

/// The summary's "Suites" table: the suites with failures first (most failed first, then by name), then the
/// slowest, at most 20 rows; the same whether it reads the bundle's suite totals (format 1.9) or counts every test.
@Suite struct MarkdownSummarySuitesTests {
    /// A suite's tests: `failed` failing and `passed` passing, each passing test taking `seconds`.
    private struct Planned {
        var module: String
        var suite: String
        var failed: Int
        var passed: Int
        var seconds: Double
    }

    private static func bundle(
        _ name: String, _ plans: [Planned], runs: Int = 1, capacity: Int = 4096, interleaved: Bool = false
    ) throws -> URL {
        let url = try TestPaths.makeTemporaryDirectory("summary-suites").appendingPathComponent(name + ".resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched(maxBytes: 4 << 10))
        writer.suiteTotals.capacity = capacity
        let runIndexes = try (0..<runs).map {
            try writer.beginRun(RunRecord(name: "run \($0 == 0 ? "linux" : "macos")", producer: "test", source: "test"))
        }
        var tests: [TestRecord] = []
        for (number, plan) in plans.enumerated() {
            for test in 0..<(plan.failed + plan.passed) {
                let failed = test < plan.failed
                let issue = IssueRecord(kind: .assertion, message: "broke \(number)")
                tests.append(
                    TestRecord(
                        runIndex: runIndexes[test % runs],
                        identity: TestIdentity(module: plan.module, suites: [plan.suite], name: "t\(test)"),
                        attempts: [
                            TestAttempt(
                                status: failed ? .failed : .passed, duration: failed ? 0.5 : plan.seconds,
                                issues: failed ? [issue] : [])
                        ]))
            }
        }
        if interleaved {
            tests = tests.enumerated().sorted { ($0.offset % 7, $0.offset) < ($1.offset % 7, $1.offset) }.map(\.element)
        }
        for test in tests { try writer.addTest(test) }
        for run in runIndexes { try writer.endRun(run, RunEnd(exitCode: 1, wallClock: 10)) }
        try writer.close()
        return url
    }

    /// The table's rows: each row's first cells (suite, and the run when shown) and counts.
    private static func rows(_ markdown: String) -> [String] {
        guard let start = markdown.range(of: "| Suite |") else { return [] }
        return markdown[start.lowerBound...].split(separator: "\n").dropFirst(2).prefix { $0.hasPrefix("| ") }.map(
            String.init)
    }

    @Test func showsFailingSuitesByFailuresThenTheSlowestAndCountsTheRest() throws {
        var plans: [Planned] = []
        for number in 0..<8 {
            plans.append(
                Planned(module: "Core", suite: "Failing\(number)", failed: number % 3 + 1, passed: 2, seconds: 0.1))
        }
        for number in 0..<30 {
            plans.append(
                Planned(module: "UI", suite: "Slow\(number)", failed: 0, passed: 3, seconds: Double(number) / 4))
        }
        let url = try Self.bundle("ranked", plans)
        let markdown = try MarkdownSummary(maxBytes: 65_535).render([BundleReader(url: url)])
        #expect(markdown.contains("\n### Suites\n\n| Suite | Tests | Passed | Failed | Skipped | Summed time |\n"))
        let rows = Self.rows(markdown)
        #expect(rows.count == 20)
        #expect(
            Array(rows.prefix(9)) == [
                "| Core.Failing2 | 5 | 2 | 3 | 0 | 1.7 s |", "| Core.Failing5 | 5 | 2 | 3 | 0 | 1.7 s |",
                "| Core.Failing1 | 4 | 2 | 2 | 0 | 1.2 s |", "| Core.Failing4 | 4 | 2 | 2 | 0 | 1.2 s |",
                "| Core.Failing7 | 4 | 2 | 2 | 0 | 1.2 s |", "| Core.Failing0 | 3 | 2 | 1 | 0 | 700 ms |",
                "| Core.Failing3 | 3 | 2 | 1 | 0 | 700 ms |", "| Core.Failing6 | 3 | 2 | 1 | 0 | 700 ms |",
                "| UI.Slow29 | 3 | 3 | 0 | 0 | 21.8 s |",
            ])
        #expect(rows.last == "| UI.Slow18 | 3 | 3 | 0 | 0 | 13.5 s |")
        #expect(markdown.contains("\nand 18 more suites.\n"))
        // Before the failure causes and the failed tests.
        let suites = try #require(markdown.range(of: "### Suites"))
        let failed = try #require(markdown.range(of: "### Failed tests"))
        #expect(suites.lowerBound < failed.lowerBound)
    }

    @Test func foldsTheTableWhenNothingFailed() throws {
        let plans = (0..<3).map { Planned(module: "M", suite: "S\($0)", failed: 0, passed: 2, seconds: Double($0)) }
        let markdown = try MarkdownSummary().render([BundleReader(url: Self.bundle("green", plans))])
        #expect(markdown.contains("\n<details><summary>3 suites, slowest first</summary>\n\n| Suite |"))
        #expect(Self.rows(markdown).first == "| M.S2 | 2 | 2 | 0 | 0 | 4.0 s |")
        #expect(markdown.hasSuffix("</details>\n") && !markdown.contains("more suite"))
    }

    @Test func namesTheRunOfEachRowWhenThereAreSeveral() throws {
        let plans = [Planned(module: "M", suite: "S", failed: 1, passed: 3, seconds: 1)]
        let markdown = try MarkdownSummary().render([BundleReader(url: Self.bundle("two-runs", plans, runs: 2))])
        #expect(markdown.contains("| Suite | Run | Tests | Passed | Failed | Skipped | Summed time |\n|---|---|---:|"))
        #expect(
            Self.rows(markdown) == [
                "| M.S | run linux | 2 | 1 | 1 | 0 | 1.5 s |", "| M.S | run macos | 2 | 2 | 0 | 0 | 2.0 s |",
            ])
    }

    @Test(arguments: [false, true])
    func saysTheSameFromStoredTotalsAsFromEveryTest(interleaved: Bool) throws {
        let plans = (0..<60).map {
            Planned(
                module: "M\($0 % 4)", suite: "S\($0)", failed: $0 % 9 == 0 ? $0 % 4 : 0, passed: 5,
                seconds: Double($0 % 13) / 3)
        }
        let url = try Self.bundle("both-ways", plans, runs: 2, capacity: 5, interleaved: interleaved)
        let reader = try BundleReader(url: url)
        let summary = MarkdownSummary(maxBytes: 65_535)
        let stored = try summary.render([ShownTestsOnlySource(reader)])
        #expect(stored == (try summary.render([EveryTestSource(reader)])))
        #expect(Self.rows(stored).count == 20 && stored.contains("and 100 more suites."))
    }

    @Test func staysWithinTheSizeLimit() throws {
        let plans = (0..<40).map {
            Planned(module: String(repeating: "m", count: 300), suite: "S\($0)", failed: 1, passed: 0, seconds: 1)
        }
        let markdown = try MarkdownSummary(maxBytes: 2048).render([BundleReader(url: Self.bundle("tight", plans))])
        #expect(markdown.utf8.count <= 2048)
    }
}
