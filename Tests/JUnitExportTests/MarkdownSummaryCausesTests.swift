import JUnitExport
import ResultBundle
import ResultModel
import Testing

/// The summary groups failures by cause before listing them: 500 failures with one message are one line of 500.
@Suite struct MarkdownSummaryCausesTests {
    private func run(sharing shared: Int, unique: Int) throws -> InMemoryResults {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "test", source: "test"))
        for index in 0..<(shared + unique) {
            let message =
                index < shared
                ? #"XCTAssertEqual failed: ("\#(index)") is not equal to ("\#(index + 1)")"#
                : ["unique failure: the disk is full", "the network is down", "a bad configuration"][index - shared]
            let issue = IssueRecord(
                kind: index < shared ? .assertion : .thrownError, message: message,
                location: SourceLocation(file: "/src/Suite\(index % 7).swift", line: 3))
            try results.addTest(
                TestRecord(
                    runIndex: run,
                    identity: TestIdentity(module: "M", suites: ["Suite\(index % 7)"], name: "t\(index)"),
                    attempts: [TestAttempt(status: .failed, issues: [issue])]))
        }
        try results.endRun(run, RunEnd())
        return results
    }

    @Test func sharedFailuresAreOneCauseWithTheirCountBeforeTheList() throws {
        let markdown = try MarkdownSummary().render([try run(sharing: 500, unique: 1)])
        let causes = try #require(markdown.components(separatedBy: "### Failure causes").last)
        #expect(causes.contains("| 500 | XCTAssertEqual failed: (&quot;0&quot;) is not equal to (&quot;1&quot;) |"))
        #expect(causes.contains("| 1 | unique failure"))
        #expect(
            markdown.range(of: "### Failure causes")!.lowerBound < markdown.range(of: "### Failed tests")!.lowerBound)
    }

    @Test func noCausesSectionWhenEveryFailureIsItsOwnCause() throws {
        let markdown = try MarkdownSummary().render([try run(sharing: 0, unique: 3)])
        #expect(!markdown.contains("### Failure causes"))
    }
}
