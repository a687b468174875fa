import CIAnnotations
import Foundation
import ResultBundle
import Testing
import _TestSupport

/// Annotations show each distinct issue once with its details, and say when no test ran or listed tests did not.
@Suite struct IssueAnnotationTests {
    @Test func anIssueRepeatedInAStepIsOneIssueAndItsCommentIsShown() throws {
        let source = try IssueShowcase.failedTestWithRepeatedIssue()
        let annotation = try #require(try Fixtures.annotations(source, root: nil).first)
        #expect(!annotation.message.contains("more failing issues"))
        #expect(annotation.message.components(separatedBy: "(total → 3) == 4").count == 2)
        #expect(annotation.message.contains("// the discount applies once"))
        #expect(annotation.message.contains("Tests/Cart.swift:14:9: Expectation failed: items.isEmpty"))
    }

    @Test func testsThatDidNotRunAreANotice() throws {
        let text = try Fixtures.render(try IssueShowcase.failedTestWithRepeatedIssue(), .github, root: nil)
        #expect(text.contains("::notice title=resultbundle::3 tests did not run in run.resultbundle\n"))
    }

    @Test(arguments: [AnnotationFormat.github, .gitlab, .azure, .teamcity])
    func anEmptyRunIsAWarning(format: AnnotationFormat) throws {
        let text = try Fixtures.render(try IssueShowcase.emptyRun(), format, root: nil)
        #expect(text.contains("No tests ran in run.resultbundle"))
        if format == .github { #expect(text.hasPrefix("::warning title=resultbundle::No tests ran")) }
    }
}
