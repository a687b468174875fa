import Foundation

/// One baseline: the average a test's metric is compared with on one machine configuration, the thresholds that
/// judge it (XCTest's defaults when absent), and which run set it.
public struct BaselineEntry: Sendable, Codable, Hashable {
    /// Which run set a baseline.
    public struct Origin: Sendable, Codable, Hashable {
        /// When it was set, ISO 8601 in UTC.
        public var date: String
        /// The run's name, when it had one.
        public var run: String?
        /// The commit the run was made from, when known.
        public var commit: String?

        /// Creates an origin.
        public init(date: String, run: String? = nil, commit: String? = nil) {
            self.date = date
            self.run = run
            self.commit = commit
        }
    }

    /// The test's id: `Module/Suite/name` (``ResultModel/TestRecord/id``).
    public var test: String
    /// The metric's identifier, in our spelling (``MetricIdentifiers``).
    public var metric: String
    /// The baseline average.
    public var average: Double
    /// Allowed regression in percent of the baseline (XCTest: 10 when absent).
    public var maxPercentRegression: Double?
    /// Regression under which it is never a failure, in the metric's unit (XCTest: 0.1 when absent).
    public var maxRegression: Double?
    /// Allowed relative standard deviation in percent (XCTest: 10 when absent).
    public var maxPercentRelativeStandardDeviation: Double?
    /// The values measured when the baseline was set (for the statistical comparison); empty when unknown (Xcode's
    /// files do not keep them).
    public var values: [Double]
    /// Which run set it; `nil` for a baseline read from Xcode.
    public var setBy: Origin?

    /// Creates an entry.
    public init(
        test: String, metric: String, average: Double, maxPercentRegression: Double? = nil,
        maxRegression: Double? = nil, maxPercentRelativeStandardDeviation: Double? = nil, values: [Double] = [],
        setBy: Origin? = nil
    ) {
        self.test = test
        self.metric = metric
        self.average = average
        self.maxPercentRegression = maxPercentRegression
        self.maxRegression = maxRegression
        self.maxPercentRelativeStandardDeviation = maxPercentRelativeStandardDeviation
        self.values = values
        self.setBy = setBy
    }

    /// Entries of one file are ordered by test, then metric.
    static func ordered(_ left: BaselineEntry, _ right: BaselineEntry) -> Bool {
        (left.test, left.metric) < (right.test, right.metric)
    }
}

/// The baselines of one machine configuration: one file of the store.
public struct MachineBaselines: Sendable, Codable, Hashable {
    /// The version of this file's format (docs/BASELINES.md).
    public static let currentFormatVersion = 1

    /// The version the file was written in.
    public var formatVersion: Int
    /// The machine configuration.
    public var machine: MachineConfiguration
    /// The baselines, ordered by test then metric.
    public var baselines: [BaselineEntry]

    /// Creates a machine's baselines.
    public init(machine: MachineConfiguration, baselines: [BaselineEntry] = []) {
        formatVersion = Self.currentFormatVersion
        self.machine = machine
        self.baselines = baselines.sorted(by: BaselineEntry.ordered)
    }

    /// The baseline of `test`'s `metric`, when there is one.
    public func baseline(test: String, metric: String) -> BaselineEntry? {
        baselines.first { $0.test == test && MetricIdentifiers.same($0.metric, metric) }
    }

    /// Sets (adds or replaces) a baseline; returns the one it replaced.
    @discardableResult
    public mutating func set(_ entry: BaselineEntry) -> BaselineEntry? {
        let old = baselines.firstIndex { $0.test == entry.test && MetricIdentifiers.same($0.metric, entry.metric) }
        var replaced: BaselineEntry?
        if let old { replaced = baselines.remove(at: old) }
        baselines.append(entry)
        baselines.sort(by: BaselineEntry.ordered)
        return replaced
    }
}
