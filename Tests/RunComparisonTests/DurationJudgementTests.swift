import ResultBundle
import ResultModel
import RunComparison
import Testing

/// Slower and faster tests of runs whose tests ran in parallel are judged by their share of the wall clock.
struct DurationJudgementTests {
    /// 160 tests that start within a few milliseconds of each other, as swift-testing runs them; the run's end
    /// records its wall clock. `durations` overrides single tests' durations.
    static func parallelRun(each duration: Double, durations: [Int: Double] = [:]) throws -> InMemoryResults {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "tests", source: "test"))
        var last = 0.0
        for index in 0..<160 {
            let start = 1_000 + Double(index) * 0.00002
            let length = durations[index] ?? duration
            last = max(last, start + length)
            try results.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: "M", suites: ["S"], name: "test\(index)"),
                    attempts: [TestAttempt(status: .passed, start: start, duration: length)]))
        }
        try results.endRun(run, RunEnd(end: 2_000, wallClock: last - 1_000))
        return results
    }

    static func compare(_ base: InMemoryResults, _ head: InMemoryResults) throws -> Comparison {
        RunComparer().compare(base: try RunDigest(base), head: try RunDigest(head))
    }

    @Test func parallelTestsWaitingLongerAreNotSlower() throws {
        // Every test took 0.35 s in one run and 0.2 s in the next: what ran beside them changed, not the tests
        // (their raw changes, 0.15 s and 43%, are over both thresholds).
        let comparison = try Self.compare(try Self.parallelRun(each: 0.35), try Self.parallelRun(each: 0.2))
        #expect(comparison.buckets.slower.isEmpty)
        #expect(comparison.buckets.faster.isEmpty)
    }

    @Test func aParallelTestThatTriplesIsSlower() throws {
        let base = try Self.parallelRun(each: 0.22, durations: [7: 0.5])
        let head = try Self.parallelRun(each: 0.22, durations: [7: 1.5])
        let comparison = try Self.compare(base, head)
        #expect(comparison.buckets.slower.map(\.test) == ["M/S/test7"])
        #expect(comparison.buckets.faster.isEmpty)
        let entry = try #require(comparison.buckets.slower.first)
        #expect(entry.durationChange.map { abs($0 - 1) < 1e-9 } == true)
        // Its share grew by the second it ran alone.
        let growth = (entry.headWallShare ?? 0) - (entry.baseWallShare ?? 0)
        #expect(abs(growth - 1) < 0.01)
    }

    @Test func serialRunsAreJudgedByTheirDurations() throws {
        // Tests without starts or a wall clock keep the plain judgement, and say nothing about shares.
        let comparison = try RunComparerTests.compare(
            [RunComparerTests.test("slows", .passed, duration: 1.0)],
            [RunComparerTests.test("slows", .passed, duration: 1.5)])
        #expect(comparison.buckets.slower.count == 1)
        #expect(comparison.buckets.slower.first?.headWallShare == nil)
    }

    @Test func aShareThatMovesWithoutTheDurationIsNotSlower() throws {
        // The same 160 parallel tests, each 0.22 s, once in a run whose wall clock is known (shares of about 1.4 ms)
        // and once in a run that knows none (`swift test --parallel`'s XCTest part): the shares differ by far more
        // than both thresholds, the durations not at all.
        let base = try Self.parallelRun(each: 0.22)
        let head = InMemoryResults()
        let run = try head.beginRun(RunRecord(producer: "tests", source: "test"))
        for index in 0..<160 {
            try head.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: "M", suites: ["S"], name: "test\(index)"),
                    attempts: [TestAttempt(status: .passed, duration: 0.22)]))
        }
        try head.endRun(run, RunEnd(end: 2_000))
        let comparison = try Self.compare(base, head)
        #expect(comparison.buckets.slower.isEmpty)
        #expect(comparison.buckets.faster.isEmpty)
    }
}
