import ResultBundle
import ResultModel
import RunComparison
import Testing

/// `compare` of runs split into partitions on disk gives the comparison of runs held whole, entry for entry and in
/// the same order, whatever the partitions.
struct SpilledComparerTests {
    /// A run of `count` tests in 12 suites, one after another, each test's fate picked by `fate` from its number
    /// (nil: not in the run). Suites 3 and 4 carry no module when `moduleLess` holds (XCTest on Linux, one test
    /// after another), so their tests match the other run's only by ``ResultModel/ModuleLessMatching``.
    static func run(
        _ name: String, count: Int, moduleLess: Bool, wallClock: Double? = nil, flakyEvery: Int? = nil,
        fate: (Int) -> (status: TestStatus, duration: Double)?
    ) throws -> InMemoryResults {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(name: name, producer: "tests", source: "test"))
        var clock = 1_000.0
        for number in 0..<count {
            guard let (status, duration) = fate(number) else { continue }
            let suite = number % 12
            let module: String? = moduleLess && (suite == 3 || suite == 4) ? nil : "M\(suite % 2)"
            // Every seventh test has no start (its share is spread over the wall clock the others leave).
            let start: Double? = number % 7 == 0 ? nil : clock
            clock += duration + 0.001
            var attempt = TestAttempt(status: status, start: start, duration: duration)
            if status.isFailure {
                attempt.issues = [IssueRecord(kind: .assertion, message: "cause \(number % 5): value \(number)")]
            }
            if number % 11 == 0 {
                attempt.measurements = [
                    MeasurementRecord(
                        metricID: "org.swift.XCTPerformanceMetric_WallClockTime", name: "Time", unit: "seconds",
                        values: [duration])
                ]
            }
            let cases =
                number % 13 == 0
                ? ["1", "2/3"].map { TestCaseRecord(arguments: $0, attempts: [TestAttempt(status: status)]) } : []
            try results.addTest(
                TestRecord(
                    runIndex: run,
                    identity: TestIdentity(module: module, suites: ["Suite\(suite)"], name: "test\(number)"),
                    attempts: (number % (flakyEvery ?? count + 1) == 1 ? [TestAttempt(status: .failed)] : [])
                        + [attempt],
                    cases: cases))
        }
        try results.endRun(run, RunEnd(end: clock, wallClock: wallClock))
        return results
    }

    /// BASE and HEAD of 900 numbers: some tests only in one, some failing, fixed, skipped, slower or faster.
    static func runs(wallClock: Double? = nil) throws -> (base: InMemoryResults, head: InMemoryResults) {
        let base = try run("main", count: 900, moduleLess: true, wallClock: wallClock) { number in
            if number % 17 == 5 { return nil }
            return (number % 9 == 0 ? .failed : .passed, 0.05 + Double(number % 4) * 0.2)
        }
        let head = try run("pr", count: 900, moduleLess: false, wallClock: wallClock, flakyEvery: 29) { number in
            if number % 19 == 2 { return nil }
            let status: TestStatus =
                number % 10 == 0 ? .failed : number % 23 == 0 ? .skipped : .passed
            let slower = number % 8 == 1 ? 0.5 : number % 8 == 3 ? -0.3 : 0
            return (status, 0.05 + Double(number % 4) * 0.2 + slower)
        }
        return (base, head)
    }

    static func whole(_ base: InMemoryResults, _ head: InMemoryResults) throws -> Comparison {
        RunComparer().compare(base: try RunDigest(base), head: try RunDigest(head))
    }

    @Test(arguments: [(1, 1 << 20), (7, 1), (64, 200)])
    func partitionedRunsCompareAsWholeOnes(partitions: Int, bufferBytes: Int) throws {
        for wallClock in [nil, 320.0] {
            let (base, head) = try Self.runs(wallClock: wallClock)
            let expected = try Self.whole(base, head)
            let spilled = try #require(
                try SpilledComparer(partitions: partitions, bufferBytes: bufferBytes).compare(
                    base: base, head: head, judge: { RunComparer() }))
            // Every bucket has tests, so their order is checked too.
            for bucket in Comparison.bucketNames {
                #expect(!expected.buckets[keyPath: bucket.keyPath].isEmpty, "\(bucket.key)")
            }
            #expect(try ComparisonText.json(spilled) == ComparisonText.json(expected))
            #expect(ComparisonText.table(spilled, limit: 10_000) == ComparisonText.table(expected, limit: 10_000))
            // Kept only as far as shown, the buckets say the same in the table and in the Markdown.
            let kept = try #require(
                try SpilledComparer(partitions: partitions, bufferBytes: bufferBytes, keep: 5).compare(
                    base: base, head: head, judge: { RunComparer() }))
            #expect(kept.buckets.removedTests.count == 5 && kept.total(\.removedTests) > 5)
            #expect(ComparisonText.table(kept, limit: 5) == ComparisonText.table(expected, limit: 5))
            let short = try #require(
                try SpilledComparer(partitions: partitions, bufferBytes: bufferBytes, keep: 2_048 / 8 + 1).compare(
                    base: base, head: head, judge: { RunComparer() }))
            #expect(
                ComparisonText.markdown(short, maxBytes: 2_047) == ComparisonText.markdown(expected, maxBytes: 2_047))
        }
    }

    @Test(arguments: [(1, 1 << 20), (7, 1)])
    func theJSONOfEntriesKeptOnDiskIsTheWholeComparisons(partitions: Int, bufferBytes: Int) throws {
        for wallClock in [nil, 320.0] {
            let (base, head) = try Self.runs(wallClock: wallClock)
            let expected = try ComparisonText.json(try Self.whole(base, head))
            // The buckets keep 3 entries each; the JSON still has every one, read back from the scratch file.
            let spilled = try #require(
                try SpilledComparer(partitions: partitions, bufferBytes: bufferBytes, keep: 3, spillingJSON: true)
                    .compare(base: base, head: head, judge: { RunComparer() }))
            #expect(spilled.buckets.stillFailing.count == 3 && spilled.total(\.stillFailing) > 3)
            var written = ""
            try ComparisonText.writeJSON(spilled) { written += $0 }
            #expect(written == expected)
        }
    }

    @Test func aParallelRunIsComparedWhole() throws {
        let (base, _) = try Self.runs()
        let parallel = try DurationJudgementTests.parallelRun(each: 0.2)
        let spilled = try SpilledComparer(partitions: 3, bufferBytes: 1).compare(
            base: base, head: parallel, judge: { RunComparer() })
        #expect(spilled == nil)
    }

    @Test func aRunWithATestIdOfOneComponentIsComparedWhole() throws {
        // `test` may be the module-less form of `Suite/test`, which ends otherwise: its partition would differ.
        let (base, _) = try Self.runs()
        let flat = InMemoryResults()
        _ = try flat.beginRun(RunRecord(name: "pr", producer: "tests", source: "test"))
        try flat.addTest(
            TestRecord(
                runIndex: 0, identity: TestIdentity(name: "test0"),
                attempts: [TestAttempt(status: .passed, duration: 0.1)]))
        let spilled = try SpilledComparer(partitions: 3, bufferBytes: 1).compare(
            base: base, head: flat, judge: { RunComparer() })
        #expect(spilled == nil)
    }

    @Test func aRunHoldingATestTwiceIsComparedWhole() throws {
        let (base, _) = try Self.runs()
        let twice = try Self.run("pr", count: 4, moduleLess: false) { _ in (.passed, 0.1) }
        try twice.addTest(
            TestRecord(
                runIndex: 0, identity: TestIdentity(module: "M0", suites: ["Suite0"], name: "test0"),
                attempts: [TestAttempt(status: .failed, duration: 0.1)]))
        let spilled = try SpilledComparer(partitions: 3, bufferBytes: 1).compare(
            base: base, head: twice, judge: { RunComparer() })
        #expect(spilled == nil)
    }
}
