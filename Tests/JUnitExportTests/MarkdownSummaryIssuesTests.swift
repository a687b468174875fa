import JUnitExport
import ResultModel
import Testing
import _TestSupport

/// The summary shows each distinct issue of a failed test once, with its details; says when no test ran and when
/// listed tests did not run.
@Suite struct MarkdownSummaryIssuesTests {
    @Test func everyDistinctIssueOnceWithItsComments() throws {
        let markdown = try MarkdownSummary().render([try IssueShowcase.failedTestWithRepeatedIssue()])
        #expect(markdown.components(separatedBy: "Expectation failed: (total → 3) == 4").count == 2)
        #expect(markdown.contains("// the discount applies once"))
        #expect(markdown.contains("Expectation failed: items.isEmpty"))
        #expect(markdown.contains("<code>Tests/Cart.swift:14:9</code>"))
    }

    @Test func listedTestsThatDidNotRunAreAWarning() throws {
        let markdown = try MarkdownSummary().render([try IssueShowcase.failedTestWithRepeatedIssue()])
        #expect(markdown.contains("⚠️ 3 tests did not run."))
    }

    @Test func anEmptyRunIsNotASuccess() throws {
        let markdown = try MarkdownSummary().render([try IssueShowcase.emptyRun()])
        #expect(markdown.hasPrefix("## ⚠️ No tests ran"))
        #expect(!markdown.contains("✅"))
    }
}
