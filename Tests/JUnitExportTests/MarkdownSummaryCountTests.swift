import JUnitExport
import ResultBundle
import ResultModel
import Testing
import _TestSupport

/// The summary's headline and counts name one test, one failure, one expected failure in the singular.
@Suite struct MarkdownSummaryCountTests {
    private static func run(_ statuses: [TestStatus]) throws -> InMemoryResults {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "test", source: "test"))
        for (index, status) in statuses.enumerated() {
            try results.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: "M", suites: ["S"], name: "t\(index)()"),
                    attempts: [TestAttempt(status: status)]))
        }
        try results.endRun(run, RunEnd(exitCode: 0))
        return results
    }

    @Test func oneTestThatPassedIsSingular() throws {
        let markdown = try MarkdownSummary().render([try Self.run([.passed])])
        #expect(markdown.hasPrefix("## ✅ The 1 test passed\n"))
    }

    @Test func severalTestsThatPassedAreAll() throws {
        let markdown = try MarkdownSummary().render([try Self.run([.passed, .passed])])
        #expect(markdown.hasPrefix("## ✅ All 2 tests passed\n"))
    }

    @Test func oneFailureOfOneTestIsSingular() throws {
        let markdown = try MarkdownSummary().render([try IssueShowcase.failedTestWithRepeatedIssue()])
        #expect(markdown.hasPrefix("## ❌ 1 of 1 test failed\n"))
    }

    @Test func oneExpectedFailureIsSingular() throws {
        let markdown = try MarkdownSummary().render([try Self.run([.passed, .expectedFailure])])
        #expect(markdown.contains("1 passed, 0 failed, 0 skipped, 1 expected failure.\n"))
    }

    @Test func oneFailedTestLeftOutIsSingular() throws {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "test", source: "test"))
        for index in 0..<2 {
            let issue = IssueRecord(kind: .assertion, message: String(repeating: "wrong value ", count: 40))
            try results.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: "M", suites: ["S"], name: "t\(index)()"),
                    attempts: [TestAttempt(status: .failed, issues: [issue])]))
        }
        try results.endRun(run, RunEnd(exitCode: 1))
        // The smallest limit that shows one of the two failures leaves the other out.
        let summaries = try stride(from: 512, through: 4096, by: 8).map {
            try MarkdownSummary(maxBytes: $0).render([results])
        }
        let oneLeftOut = summaries.first { $0.contains("<details>") && $0.contains("more failed test") }
        #expect(oneLeftOut?.contains("_1 more failed test is not shown (summary limit ") == true)
    }
}
