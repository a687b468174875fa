import ResultModel
import Testing

/// Each issue a failed test shows once, however many places recorded it.
struct DistinctIssuesTests {
    private let place = SourceLocation(file: "Tests/WordTests.swift", line: 31, column: 6)

    @Test func aStepsErrorThatEscapedTheTestIsShownOnceAsTheTests() {
        let stepError = IssueRecord(kind: .thrownError, message: "the first word was not 'zebra'")
        let inner = ActivityRecord(title: "Then the first word is 'zebra'", status: .failed, issues: [stepError])
        let outer = ActivityRecord(title: "Given a word list", status: .failed, issues: [stepError], children: [inner])
        for wording in [
            "Caught error: the first word was not 'zebra'", #"threw error "the first word was not 'zebra'""#,
        ] {
            let escaped = IssueRecord(kind: .thrownError, message: wording, location: place)
            let test = failedTest(issues: [escaped], activities: [outer])
            #expect(test.distinctIssues.map(\.message) == [wording])
        }
    }

    @Test func aStepsOwnIssuesStay() {
        let caught = IssueRecord(kind: .thrownError, message: "disk full")
        let expectation = IssueRecord(kind: .assertion, message: "the first word was not 'zebra'")
        let step = ActivityRecord(title: "Save", status: .failed, issues: [caught, expectation])
        let other = IssueRecord(
            kind: .thrownError, message: "Caught error: the first word was not 'zebra'", location: place)
        let test = failedTest(issues: [other], activities: [step])
        #expect(test.distinctIssues.map(\.message) == [other.message, "disk full", expectation.message])
    }

    @Test func anIssueKeptInAStepAndInTheAttemptIsShownOnce() {
        let issue = IssueRecord(kind: .assertion, message: "1 != 2", location: place)
        let step = ActivityRecord(title: "Compare", status: .failed, issues: [issue])
        #expect(failedTest(issues: [issue], activities: [step]).distinctIssues == [issue])
    }

    private func failedTest(issues: [IssueRecord], activities: [ActivityRecord]) -> TestRecord {
        TestRecord(
            identity: TestIdentity(name: "firstWord()"),
            attempts: [TestAttempt(status: .failed, issues: issues, activities: activities)])
    }
}
