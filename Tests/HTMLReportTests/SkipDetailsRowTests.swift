import ResultModel
import Testing

@testable import HTMLReport

/// A skip with details (go-junit-report's `<skipped message="Skipped">` with the `t.Skip` line as its text) shows
/// them in its row, where a skip with only a reason is a plain row.
@Suite struct SkipDetailsRowTests {
    @Test func aSkipsDetailsAreShownInItsRow() throws {
        let test = TestRecord(
            runIndex: 0, identity: TestIdentity(suites: ["package/skip"], name: "TestSkip"),
            attempts: [
                TestAttempt(
                    status: .skipped, statusReason: "Skipped",
                    issues: [IssueRecord(kind: .skip, message: "Skipped", details: "skip_test.go:6: skip message")])
            ])
        guard case .row(let html) = RowDetail.placement(of: test) else {
            Issue.record("the skip's details are not shown in its row")
            return
        }
        #expect(html.string.contains("skip_test.go:6: skip message"))
    }
}
