import Foundation
import ResultBundle
import ResultModel

/// Small bundles for how issues, empty runs and tests that did not run are shown (summary, annotations).
public enum IssueShowcase {
    /// One failed swift-testing test whose expectation failure (with a `// comment` in its details) is kept both in
    /// a step and in the attempt, plus a second, distinct issue; the run listed 5 XCTests and parsed 2.
    public static func failedTestWithRepeatedIssue() throws -> InMemoryResults {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "test", source: "test"))
        let repeated = IssueRecord(
            kind: .assertion, message: "Expectation failed: (total → 3) == 4",
            location: SourceLocation(file: "Tests/Cart.swift", line: 12, column: 9),
            details: "// the discount applies once")
        let second = IssueRecord(
            kind: .assertion, message: "Expectation failed: items.isEmpty",
            location: SourceLocation(file: "Tests/Cart.swift", line: 14, column: 9))
        let attempt = TestAttempt(
            status: .failed, issues: [repeated, second],
            activities: [ActivityRecord(title: "checkout", status: .failed, issues: [repeated])])
        try results.addTest(
            TestRecord(
                runIndex: run, identity: TestIdentity(module: "Shop", suites: ["Cart"], name: "total()"),
                attempts: [attempt]))
        try results.endRun(run, RunEnd(reportedCounts: ["xctest.listed": 5, "xctest.parsed": 2]))
        return results
    }

    /// A run with no test at all.
    public static func emptyRun() throws -> InMemoryResults {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "test", source: "test"))
        try results.endRun(run, RunEnd(exitCode: 0))
        return results
    }
}
