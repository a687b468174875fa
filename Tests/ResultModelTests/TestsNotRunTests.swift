import ResultModel
import Testing

@Suite struct TestsNotRunTests {
    @Test func listedMinusParsedPerFramework() {
        let end = RunEnd(reportedCounts: [
            "xctest.listed": 403, "xctest.parsed": 249, "swiftTesting.listed": 146, "swiftTesting.parsed": 146,
            "crashes": 1,
        ])
        #expect(TestsNotRun(end) == TestsNotRun(count: 154))
        #expect(TestsNotRun(end).sentence == "154 tests did not run")
    }

    @Test func crashWithoutAListSaysLaterTestsDidNotRun() {
        let end = RunEnd(reportedCounts: ["xctest.parsed": 249, "crashes": 1])
        #expect(TestsNotRun(end).sentence == "tests after the crash did not run")
        #expect(TestsNotRun(RunEnd(reportedCounts: ["xctest.parsed": 5])).sentence == nil)
    }

    @Test func runsAddUp() {
        let runs = [
            RunResult(
                index: 0, record: RunRecord(producer: "t", source: "t"),
                end: RunEnd(reportedCounts: ["xctest.listed": 3, "xctest.parsed": 1])),
            RunResult(
                index: 1, record: RunRecord(producer: "t", source: "t"),
                end: RunEnd(reportedCounts: ["swiftTesting.listed": 1])),
        ]
        #expect(TestsNotRun(runs: runs).sentence == "3 tests did not run")
    }
}
