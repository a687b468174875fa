import ResultModel
import Testing

/// A run's time by the clock: parallel tests overlap, tests stamped with one start ran one after another.
@Suite struct ElapsedTestTimeTests {
    private func test(_ attempts: [(start: Double?, duration: Double?)]) -> TestRecord {
        TestRecord(
            runIndex: 0, identity: TestIdentity(suites: ["S"], name: "t"),
            attempts: attempts.map { TestAttempt(status: .passed, start: $0.start, duration: $0.duration) })
    }

    @Test func parallelTestsCountOnceByTheClock() {
        var elapsed = ElapsedTestTime()
        // 100 tests of 10 s each, started a hundredth of a second apart: 10.99 s, not 1,000 s.
        for index in 0..<100 { elapsed.add(test([(1000 + Double(index) / 100, 10)])) }
        #expect(abs(elapsed.seconds - 10.99) < 1e-9)
    }

    @Test func testsSharingAStartRanOneAfterAnother() {
        var elapsed = ElapsedTestTime()
        // Two JUnit suites, each test stamped with its suite's timestamp.
        for _ in 0..<4 { elapsed.add(test([(100, 0.5)])) }
        for _ in 0..<3 { elapsed.add(test([(200, 1)])) }
        #expect(elapsed.seconds == 5)
    }

    @Test func testsWithoutAStartAddTheirDurations() {
        var elapsed = ElapsedTestTime()
        elapsed.add(test([(nil, 2), (nil, 0.25)]))
        elapsed.add(test([(50, 1)]))
        elapsed.add(test([(50.5, 1)]))
        elapsed.add(test([(nil, nil)]))
        #expect(elapsed.seconds == 2.25 + 1.5)
    }

    @Test func aParameterizedTestWithoutItsOwnDurationCountsItsCases() {
        var parameterized = test([(nil, nil)])
        parameterized.cases = [
            TestCaseRecord(arguments: "1", attempts: [TestAttempt(status: .passed, start: 10, duration: 3)]),
            TestCaseRecord(arguments: "2", attempts: [TestAttempt(status: .passed, start: 11, duration: 3)]),
        ]
        var elapsed = ElapsedTestTime()
        elapsed.add(parameterized)
        #expect(elapsed.seconds == 4)
    }
}
