/// The kinds of tests a bounded output shows (failed, skipped, flaky, with a failing measurement): a bundle's index
/// keeps the place of every test of these kinds (format 1.7), so that a summary or annotations read those tests
/// and not every passed one (``ResultSource/forEachTest(in:_:)``).
public struct TestSelection: OptionSet, Sendable, Hashable {
    /// The raw bits, as a bundle's index stores them.
    public var rawValue: UInt32

    /// Creates a selection from its raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Tests whose final status counts as a failure (``TestStatus/isFailure``).
    public static let failed = TestSelection(rawValue: 1 << 0)
    /// Tests whose final status is skipped.
    public static let skipped = TestSelection(rawValue: 1 << 1)
    /// Tests that passed on a retry after failing (``TestRecord/isFlaky``).
    public static let flaky = TestSelection(rawValue: 1 << 2)
    /// Tests with a measurement of the final attempt whose verdict fails.
    public static let failingMeasurement = TestSelection(rawValue: 1 << 3)
    /// Failed tests whose every failing issue is a performance regression (a measurement worse than its baseline):
    /// a failure of another nature than a broken assertion, which CI annotations show as a warning.
    public static let failedOnPerformanceAlone = TestSelection(rawValue: 1 << 4)

    /// The kinds `test` is of; empty for a test that passed plainly.
    public init(of test: borrowing TestRecord) {
        var kinds: TestSelection = []
        let status = test.status
        if status.isFailure {
            kinds.insert(.failed)
            let failing = test.distinctIssues.filter(\.kind.isFailure)
            if !failing.isEmpty, failing.allSatisfy({ $0.kind == .performanceRegression }) {
                kinds.insert(.failedOnPerformanceAlone)
            }
        }
        if status == .skipped { kinds.insert(.skipped) }
        if test.isFlaky { kinds.insert(.flaky) }
        if let measurements = test.finalAttempt?.measurements,
            measurements.contains(where: { $0.verdict.isFailure })
        {
            kinds.insert(.failingMeasurement)
        }
        self = kinds
    }
}
