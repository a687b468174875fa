import ResultModel

/// What changed from one run (BASE) to another (HEAD), test by test, in buckets.
public struct Comparison: Sendable, Codable {
    /// The version of the JSON this encodes to (`docs/schemas/compare.schema.json`).
    public static let schemaVersion = "1.4"

    /// One test in a bucket.
    public struct Entry: Sendable, Codable, Hashable {
        public var key: String
        public var test: String
        public var arguments: String?
        public var configuration: String?
        public var baseStatus: TestStatus?
        public var headStatus: TestStatus?
        public var baseDuration: Double?
        public var headDuration: Double?
        /// The change of the duration, HEAD − BASE, in seconds, when both are known.
        public var durationChange: Double?
        /// The first failure message in HEAD (or BASE for fixed and removed tests).
        public var message: String?
        /// For measurement changes: the metric, both averages and the change in percent (worse is positive).
        public var metric: String?
        public var baseAverage: Double?
        public var headAverage: Double?
        public var percentWorse: Double?
        /// For slower and faster tests judged with a history: the test's own spread (seconds), which the change
        /// had to exceed ``Thresholds/spreadFactor`` times over (scaled to HEAD's wall-clock share).
        public var spread: Double?
        /// For slower and faster tests of runs whose tests ran in parallel: each side's share of its run's wall
        /// clock (seconds), which the change is judged by (``RunComparer``). Schema 1.2.
        public var baseWallShare: Double?
        public var headWallShare: Double?
    }

    /// The buckets, each ordered as HEAD's tests (BASE's for removed ones).
    public struct Buckets: Sendable, Codable {
        /// Passed or absent in BASE, failing in HEAD.
        public var newFailures: [Entry] = []
        /// Failing in BASE, passing in HEAD.
        public var fixed: [Entry] = []
        /// Failing in both.
        public var stillFailing: [Entry] = []
        /// In HEAD only.
        public var newTests: [Entry] = []
        /// In BASE only.
        public var removedTests: [Entry] = []
        /// Not skipped in BASE, skipped in HEAD.
        public var newlySkipped: [Entry] = []
        /// Attempts disagreed in HEAD (failed, then passed).
        public var flaky: [Entry] = []
        /// Slower by more than both thresholds.
        public var slower: [Entry] = []
        /// Faster by more than both thresholds.
        public var faster: [Entry] = []
        /// Measurements whose average changed by more than their own thresholds, either way.
        public var measurementChanges: [Entry] = []
    }

    /// The thresholds used.
    public struct Thresholds: Sendable, Codable, Hashable {
        /// A duration change (of the test's share of its run's wall clock) counts only beyond this many seconds...
        public var seconds: Double
        /// ...and beyond this percentage of BASE's duration.
        public var percent: Double
        /// With a history: and beyond this many times the test's own spread (``RunComparer/spreads``).
        public var spreadFactor: Double

        /// The defaults: 0.1 s, 20% and 3 spreads.
        public init(seconds: Double = 0.1, percent: Double = 20, spreadFactor: Double = 3) {
            self.seconds = seconds
            self.percent = percent
            self.spreadFactor = spreadFactor
        }
    }

    public var schemaVersion = Comparison.schemaVersion
    /// How many tests each side has (``ResultModel/TestCount/tests``: a parameterized test counts once).
    public var baseCount: Int
    public var headCount: Int
    /// Each side's tests with their parameterized tests and cases (schema 1.2), as every command counts them.
    public var baseTests: TestCount?
    public var headTests: TestCount?
    public var thresholds: Thresholds
    public var buckets: Buckets
    /// HEAD's failures grouped by cause, new causes apart from those BASE had (schema 1.3).
    public var causes: CauseComparison?
    /// How code coverage changed, when both runs carry it (schema 1.4).
    public var coverage: CoverageComparison?
    /// How many entries each bucket (by key) left out, past those an output shows (``SpilledComparer``): counted,
    /// not kept. Not part of the JSON, which is written only of comparisons that kept every entry.
    public var omitted: [String: Int] = [:]
    /// Every entry of the buckets ordered by place, on disk, when the comparison was made for its JSON in flat memory
    /// (``SpilledComparer``); ``ComparisonText/writeJSON(_:_:)`` writes them in place of the buckets' own.
    public var spilledEntries: SpilledJSONEntries?

    enum CodingKeys: String, CodingKey {
        case schemaVersion, baseCount, headCount, baseTests, headTests, thresholds, buckets, causes, coverage
    }

    /// How many tests `bucket` holds: its entries and those it left out (``omitted``).
    public func total(_ bucket: KeyPath<Buckets, [Entry]>) -> Int {
        let key = Self.bucketNames.first { $0.keyPath == bucket }?.key ?? ""
        return buckets[keyPath: bucket].count + (omitted[key] ?? 0)
    }

    /// The names of the buckets, in the order they are shown, with their labels. (A constant; its key paths are
    /// immutable, though the standard library does not mark them `Sendable`.)
    nonisolated(unsafe) public static let bucketNames:
        [(key: String, label: String, keyPath: KeyPath<Buckets, [Entry]>)] = [
            ("newFailures", "New failures", \.newFailures), ("stillFailing", "Still failing", \.stillFailing),
            ("flaky", "Flaky in HEAD", \.flaky), ("fixed", "Fixed", \.fixed),
            ("newlySkipped", "Newly skipped", \.newlySkipped),
            ("slower", "Slower", \.slower), ("faster", "Faster", \.faster),
            ("measurementChanges", "Measurement changes", \.measurementChanges), ("newTests", "New tests", \.newTests),
            ("removedTests", "Removed tests", \.removedTests),
        ]
}
