/// What a comparison needs of one test (or one parameterized case): its key, status, duration, whether its
/// attempts disagreed, its first failure message and its measurements. Small, so two runs of 100,000 tests fit.
public struct TestDigest: Sendable, Hashable {
    /// What it is matched by: the test's id, with `[arguments]` for a case, and `@configuration` when the bundle
    /// holds several configurations.
    public var key: String {
        didSet { keyHash = key.hashValue }
    }
    /// ``key``'s hash, computed once (on the thread that read the test).
    public private(set) var keyHash: Int
    /// The test's id (without the case or configuration).
    public var test: String
    /// A parameterized case's arguments.
    public var arguments: String?
    /// The configuration (the run's name) when the bundle holds several.
    public var configuration: String?
    /// The final status.
    public var status: TestStatus
    /// The final attempt's duration, in seconds.
    public var duration: Double?
    /// When the final attempt started, in seconds since 1970, when known.
    public var start: Double?
    /// The run of the source the test belongs to.
    public var runIndex: Int
    /// The test's share of its run's wall clock, in seconds (``ResultModel/WallClockShares``): its duration when
    /// tests ran one at a time, far less when they ran in parallel. Set once the whole run is read.
    public internal(set) var wallShare: Double?
    /// How many attempts ran.
    public var attempts: Int
    /// Whether its attempts disagreed (one failed, a later one passed).
    public var isFlaky: Bool
    /// The first failure's message, first line.
    public var message: String?
    /// The cause of its failure (``FailureSignature``), when it failed.
    public var cause: FailureSignature?
    /// The final attempt's measurements: metric, name, unit, average, whether larger is better.
    public var measurements: [MeasurementDigest]

    /// Creates a digest.
    public init(
        key: String, test: String, arguments: String?, configuration: String?, status: TestStatus, duration: Double?,
        start: Double? = nil, runIndex: Int = 0, attempts: Int, isFlaky: Bool, message: String?,
        measurements: [MeasurementDigest]
    ) {
        self.key = key
        keyHash = key.hashValue
        self.test = test
        self.arguments = arguments
        self.configuration = configuration
        self.status = status
        self.duration = duration
        self.start = start
        self.runIndex = runIndex
        self.attempts = attempts
        self.isFlaky = isFlaky
        self.message = message
        self.measurements = measurements
    }

    /// A measurement's average.
    public struct MeasurementDigest: Sendable, Hashable, Codable {
        public var metric: String
        public var name: String
        public var unit: String
        public var average: Double
        public var largerIsBetter: Bool
        /// The thresholds a change is judged by (XCTest's: percent and absolute, both must be exceeded).
        public var maxPercentRegression: Double
        public var maxRegression: Double
    }
}
