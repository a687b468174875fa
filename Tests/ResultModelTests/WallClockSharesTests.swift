import ResultModel
import Testing

/// Each test's share of its run's wall clock: 1/n of every second while n tests run.
@Suite struct WallClockSharesTests {
    private func shares(_ tests: [(start: Double?, duration: Double?)], wallClock: Double? = nil) -> [Double?] {
        var shares = WallClockShares()
        for test in tests { shares.add(start: test.start, duration: test.duration) }
        return shares.shares(wallClock: wallClock)
    }

    private func close(_ actual: [Double?], _ expected: [Double]) -> Bool {
        actual.count == expected.count && zip(actual, expected).allSatisfy { abs(($0 ?? .nan) - $1) < 1e-9 }
    }

    @Test func testsOneAfterAnotherKeepTheirDurations() {
        #expect(close(shares([(10, 1), (11, 2), (13.5, 0.25)]), [1, 2, 0.25]))
    }

    @Test func overlappingTestsShareTheClock() {
        // Four tests of 1 s that start together: each costs the run a quarter second. A fifth runs on alone for
        // 2 s after the first second.
        let result = shares([(100, 1), (100.000001, 1), (100.000002, 1), (100.000003, 1), (100.000004, 3)])
        let total = result.compactMap { $0 }.reduce(0, +)
        #expect(abs(total - 3.000004) < 1e-6)
        #expect(result.prefix(4).allSatisfy { abs(($0 ?? 0) - 0.2) < 1e-5 })
        #expect(abs((result[4] ?? 0) - 2.2) < 1e-5)
    }

    @Test func testsSharingAStartRanOneAfterAnother() {
        // JUnit test cases carry their suite's timestamp: laid end to end, each keeps its duration.
        #expect(close(shares([(50, 0.5), (50, 0.5), (50, 1)]), [0.5, 0.5, 1]))
    }

    @Test func testsWithoutAStartGetTheWallClockInProportion() {
        // A console log without times: 10 tests of 0.2 s in a 0.5 s run each cost 0.05 s.
        let unplaced = [(start: Double?, duration: Double?)](repeating: (nil, 0.2), count: 10)
        #expect(close(shares(unplaced, wallClock: 0.5), [Double](repeating: 0.05, count: 10)))
        // Without a wall clock, a duration is all there is.
        #expect(close(shares(unplaced), [Double](repeating: 0.2, count: 10)))
        // Placed tests cover their span first; the rest of the wall clock goes to the others.
        #expect(close(shares([(0, 1), (nil, 2), (nil, 2)], wallClock: 2), [1, 0.5, 0.5]))
    }

    @Test func testsWithoutADurationHaveNoShare() {
        let result = shares([(0, nil), (0, 0), (1, 1)])
        #expect(result[0] == nil && result[1] == 0 && result[2] == 1)
    }

    @Test func timingNamesWallClockAndSumApart() {
        let seconds = { (value: Double) in "\(value) s" }
        #expect(
            RunTiming(wallClock: 0.5, summed: 35).phrase(seconds)
                == "0.5 s wall clock, 35.0 s summed over tests running in parallel")
        #expect(RunTiming(wallClock: 2, summed: 2.1).phrase(seconds) == "2.0 s wall clock")
        #expect(RunTiming(wallClock: nil, summed: 3).phrase(seconds) == "3.0 s summed over tests")
        #expect(RunTiming(wallClock: 0.5, summed: 35).concurrency == 70)
    }
}
