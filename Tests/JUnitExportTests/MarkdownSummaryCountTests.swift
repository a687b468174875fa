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
}
