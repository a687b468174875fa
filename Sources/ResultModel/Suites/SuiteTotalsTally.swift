/// Every suite's totals, counted from tests (or summed from partial totals) in memory: what a reader counts when a
/// source has no stored suite totals, what `verify` checks the stored ones against, and how a reader sums a suite
/// whose totals a writer stored in parts.
/// - Complexity: O(distinct suites) in memory.
public struct SuiteTotalsTally: Sendable {
    private var totals: [SuitePlace: ResultTotals] = [:]

    /// An empty tally.
    public init() {}

    /// Counts `test` in its suite, by ``ResultTotals/add(_:)-(TestRecord)``.
    public mutating func add(_ test: TestRecord) {
        totals[SuitePlace(of: test), default: ResultTotals()].add(test)
    }

    /// Adds a suite's (partial) totals.
    public mutating func add(_ suite: SuiteTotals) {
        totals[suite.place, default: ResultTotals()].add(suite.totals)
    }

    /// The number of suites counted.
    public var count: Int { totals.count }

    /// Every suite's totals, in ``SuitePlace``'s order.
    public var suites: [SuiteTotals] {
        totals.map { SuiteTotals(place: $0.key, totals: $0.value) }.sorted { $0.place < $1.place }
    }
}
