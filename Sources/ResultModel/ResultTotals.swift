/// Counts of tests by outcome, computed from test records.
///
/// `tests` counts test functions and methods, the way runners' own summary lines do; a parameterized test
/// counts once in `tests` and in `parameterizedTests`, and each of its cases counts in `testCases` (``count``, the
/// one count every command shows).
public struct ResultTotals: Sendable, Codable, Hashable {
    /// Test functions and methods.
    public var tests = 0
    /// Tests whose final status is passed or warning.
    public var passed = 0
    /// Tests whose final status is failed, crashed, timed out or interrupted.
    public var failed = 0
    /// Tests that were skipped.
    public var skipped = 0
    /// Tests that failed as expected (known issues).
    public var expectedFailures = 0
    /// Tests that passed with a warning (also counted in `passed`).
    public var warnings = 0
    /// Tests that were interrupted (also counted in `failed`).
    public var interrupted = 0
    /// Tests that passed after failing in an earlier attempt.
    public var flaky = 0
    /// Cases of parameterized tests.
    public var testCases = 0
    /// Tests with cases (format 1.4); nil in totals stored by an older writer, which did not count them.
    public var parameterizedTests: Int? = 0
    /// Sum of the tests' durations, in seconds.
    public var duration: Double = 0

    /// Creates zero totals.
    public init() {}

    /// Adds one test.
    public mutating func add(_ test: TestRecord) {
        tests += 1
        testCases += test.cases.count
        if !test.cases.isEmpty, let counted = parameterizedTests { parameterizedTests = counted + 1 }
        duration += test.duration ?? 0
        if test.isFlaky { flaky += 1 }
        switch test.status {
        case .passed: passed += 1
        case .warning:
            passed += 1
            warnings += 1
        case .skipped: skipped += 1
        case .expectedFailure: expectedFailures += 1
        case .interrupted:
            failed += 1
            interrupted += 1
        case .failed, .crashed, .timedOut: failed += 1
        case .unknown: break
        }
    }

    /// Counts a test that passed on its only attempt, with no cases: what ``add(_:)-(TestRecord)`` does for it.
    public mutating func addPassed(duration: Double?) {
        tests += 1
        passed += 1
        duration.map { self.duration += $0 }
    }

    /// Adds other totals to these.
    public mutating func add(_ other: ResultTotals) {
        tests += other.tests
        passed += other.passed
        failed += other.failed
        skipped += other.skipped
        expectedFailures += other.expectedFailures
        warnings += other.warnings
        interrupted += other.interrupted
        flaky += other.flaky
        testCases += other.testCases
        parameterizedTests = parameterizedTests.flatMap { mine in other.parameterizedTests.map { mine + $0 } }
        duration += other.duration
    }
}

extension ResultTotals {
    /// The tests, the parameterized ones among them and their cases: what every command shows as the count.
    public var count: TestCount {
        TestCount(tests: tests, parameterized: parameterizedTests, cases: testCases)
    }
}
