import ResultModel

/// What a run history adds to a report (`report --history`), given by the caller (the command layer reads the
/// history file): trends per run for the index, a strip of recent results and a label per test, and the flaky
/// ranking for its own page. Every string is untrusted and escaped where it is drawn.
public struct ReportHistory: Sendable {
    /// One run of the history, for the trend charts.
    public struct RunPoint: Sendable, Hashable {
        public var name: String
        public var tests: Int
        public var failed: Int
        /// The sum of the tests' durations, in seconds.
        public var duration: Double
        /// The 95th percentile of the tests' durations, in seconds.
        public var p95: Double?
        /// The run's own report (`--run-url`), when known: an http(s) or relative address.
        public var url: String?
        /// The run's code coverage totals, when the history kept them.
        public var coverage: CoverageTotals?

        public init(name: String, tests: Int, failed: Int, duration: Double, p95: Double?, url: String? = nil) {
            self.name = name
            self.tests = tests
            self.failed = failed
            self.duration = duration
            self.p95 = p95
            self.url = url
        }
    }

    /// The labels of a test that did not fail in the history's runs before this one.
    public static let newFailureLabels = ["new failure", "new test"]

    /// Whether `label` says the failure is new (the index lists those first).
    static func isNewFailure(label: String?) -> Bool { label.map(newFailureLabels.contains) ?? false }

    /// One test's recent record.
    public struct Trend: Sendable, Hashable {
        /// Oldest first: `passed`, `failed`, `skipped`, `retried` (passed on a retry) or `absent`.
        public var statuses: [String]
        /// Oldest first, in seconds.
        public var durations: [Double?]
        /// `new failure`, `failing for 5 runs since abc1234`, `flaky: 7 flips in the last 30 runs`.
        public var label: String?
        /// Each run's report (`--run-url`), aligned with ``statuses``; empty or `nil` where unknown.
        public var urls: [String?]

        public init(statuses: [String], durations: [Double?], label: String?, urls: [String?] = []) {
            self.statuses = statuses
            self.durations = durations
            self.label = label
            self.urls = urls
        }

        /// Whether every run of the window that ran the test passed it at the first attempt (nothing to show in a
        /// list row).
        public var isClean: Bool { statuses.allSatisfy { $0 == "passed" || $0 == "absent" } }
    }

    /// One row of the Flaky page.
    public struct FlakyTest: Sendable, Hashable {
        public var test: String
        public var flips: Int
        public var flipRate: Double
        public var retriesPassed: Int
        public var runs: Int
        /// The name of the run whose result was the newest flip (a commit, a run name, `run 12`), when known.
        public var lastFlip: String?
        /// Oldest first, as in ``Trend/statuses``: the page's result strip.
        public var statuses: [String]

        public init(
            test: String, flips: Int, flipRate: Double, retriesPassed: Int, runs: Int, lastFlip: String? = nil,
            statuses: [String] = []
        ) {
            self.test = test
            self.flips = flips
            self.flipRate = flipRate
            self.retriesPassed = retriesPassed
            self.runs = runs
            self.lastFlip = lastFlip
            self.statuses = statuses
        }
    }

    /// A test whose duration grew: the median of its earlier runs and of its newest ones.
    public struct SlowingTest: Sendable, Hashable {
        public var test: String
        public var before: Double
        public var after: Double

        public init(test: String, before: Double, after: Double) {
            self.test = test
            self.before = before
            self.after = after
        }
    }

    /// The tests that slowed down most, by added time (each at least 20% and 50 ms slower).
    public var slowing: [SlowingTest] = []
    /// The slowest tests by their newest runs' median duration, with that median as `after`.
    public var slowest: [SlowingTest] = []

    /// The runs, oldest first (the report's own run is not among them unless it was added).
    public var runs: [RunPoint]
    /// The report's run's place in the history, from 1: its position when the history holds it (`history add`
    /// came first), else the place it will take (one past the last run). A run without a name of its own is then
    /// shown as `run N of the history`, not `run 1`.
    public var runNumber: Int?
    /// The flakiest tests, most flaky first.
    public var flaky: [FlakyTest]
    /// The trend of a test, by its id.
    public var trend: @Sendable (String) -> Trend?
    /// Whether a test (by id) passed at the first attempt in every run of the history's window that ran it (or is
    /// not in the history): its list row then shows no strip, and its trend is not needed unless it fails now.
    /// Cheaper than ``trend``.
    public var isClean: @Sendable (String) -> Bool = { _ in false }
    /// The key in ``flaky`` of a test (by id) the history finds flaky, or `nil`; the Flaky page links that key's
    /// name to the test. Asked only for tests that are not clean (``isClean``). By default the id itself when
    /// ``flaky`` lists it.
    public var flakyKey: @Sendable (String) -> String?

    public init(runs: [RunPoint], flaky: [FlakyTest], trend: @escaping @Sendable (String) -> Trend?) {
        self.runs = runs
        self.flaky = flaky
        self.trend = trend
        let keys = Set(flaky.map(\.test))
        self.flakyKey = { keys.contains($0) ? $0 : nil }
    }

}
