import ResultModel
import Testing

@testable import HTMLReport

/// What a list row and the index say of a test whose final attempt is not the one that failed on an assertion.
struct TestSummaryBuilderTests {
    static let assertion = IssueRecord(
        kind: .assertion, message: "XCTAssertEqual failed: (\"1\") is not equal to (\"2\")",
        location: SourceLocation(file: "Tests/CalcTests.swift", line: 42))

    static func test(_ attempts: [TestAttempt]) -> TestRecord {
        TestRecord(runIndex: 0, identity: TestIdentity(module: "M", suites: ["S"], name: "t"), attempts: attempts)
    }

    @Test func aRetriedTestIsSummedUpByTheAssertionOfTheAttemptThatFailedOnIt() {
        let test = Self.test([
            TestAttempt(status: .failed, issues: [Self.assertion]),
            TestAttempt(status: .failed, statusReason: "retry"),
        ])
        var builder = TestSummaryBuilder()
        let summary = builder.summary(of: test, runKey: 0, runName: nil, listPage: 1)
        #expect(summary.failureMessage == Self.assertion.message)
        #expect(summary.failureLocation == "Tests/CalcTests.swift:42")
    }

    @Test func aTestThatPassedOnARetryNamesTheFailureItGotPast() {
        let test = Self.test([
            TestAttempt(status: .failed, issues: [Self.assertion]), TestAttempt(status: .passed),
        ])
        var builder = TestSummaryBuilder()
        #expect(
            builder.summary(of: test, runKey: 0, runName: nil, listPage: 1).failureMessage == Self.assertion.message)
    }
}
