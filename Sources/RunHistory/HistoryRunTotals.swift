import ResultModel

/// What a run's tests add up to in its facts (``HistoryRun/Facts``): its tests by outcome, their summed duration,
/// its parameterized tests and cases, and its identity (``RunIdentity``). Added up from a whole digest, or a test
/// at a time as `history add` streams a large run.
public struct HistoryRunTotals: Sendable {
    /// Tests (not cases), and of them those passed, failed and skipped.
    public var tests = 0
    public var passed = 0
    public var failed = 0
    public var skipped = 0
    /// The sum of the tests' durations, in seconds, added in the run's order.
    public var duration: Double = 0
    /// The tests and cases as every command counts them.
    public var count = TestCount(tests: 0, parameterized: 0, cases: 0)
    /// The run's identity digest.
    public var identity = ""
    /// The key of the test whose cases were counted last (its cases follow it).
    private var lastParameterized: String?

    init() {}

    /// The totals of `digest`, a run of `runs`.
    public init(_ digest: RunDigest, runs: [RunResult]) {
        for test in digest.tests { add(test) }
        count = digest.count
        identity = RunIdentity.digest(runs: runs, tests: digest)
    }

    /// Counts `test`, the next test or case of the run (a case right after its test and the test's other cases).
    mutating func add(_ test: TestDigest) {
        guard test.arguments == nil else {
            count.cases += 1
            let parent = test.test + (test.configuration.map { "@\($0)" } ?? "")
            if parent != lastParameterized {
                lastParameterized = parent
                count.parameterized = (count.parameterized ?? 0) + 1
            }
            return
        }
        count.tests += 1
        tests += 1
        duration += test.duration ?? 0
        if test.status.isFailure {
            failed += 1
        } else if test.status == .skipped {
            skipped += 1
        } else if test.status.isPass {
            passed += 1
        }
    }
}
