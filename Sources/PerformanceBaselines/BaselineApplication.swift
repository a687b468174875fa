import ResultModel

/// Judges a test's measurements against the baselines of its run's machine, by XCTest's rules
/// (``ResultModel/MeasurementRecord/verdict``, the one verdict function): each measurement with a baseline in the
/// store takes the baseline's average and thresholds; one that fails makes the test fail with an issue of kind
/// `performanceRegression` naming the metric, the value, the baseline and the change, unless the application is
/// advisory. A measurement without a baseline keeps what it had.
public struct BaselineApplication: Sendable {
    /// What one measurement was judged against and how it came out.
    public struct Judgement: Sendable, Hashable {
        /// The test's id.
        public var test: String
        /// The measurement, with the baseline applied.
        public var measurement: MeasurementRecord
        /// The baseline entry used, when the store had one.
        public var baseline: BaselineEntry?
        /// The verdict.
        public var verdict: MeasurementVerdict
    }

    /// The baselines of the run's machine; `nil` when the store has none for it.
    public let baselines: MachineBaselines?
    /// The machine the run was on.
    public let machine: MachineConfiguration
    /// Whether failures are only reported (`--baselines-advisory`).
    public let advisory: Bool
    /// Whether a measurement the rank test finds significantly worse fails too (`--fail-on-significant`).
    public let failsOnSignificant: Bool

    /// Judges runs on `machine` against `baselines`.
    public init(
        machine: MachineConfiguration, baselines: MachineBaselines?, advisory: Bool = false,
        failsOnSignificant: Bool = false
    ) {
        self.machine = machine
        self.baselines = baselines
        self.advisory = advisory
        self.failsOnSignificant = failsOnSignificant
    }

    /// The baseline of a measurement of `test`: an entry for its id, or else the one entry of the metric whose id
    /// is the test's with its module removed or added (``ResultModel/ModuleLessMatching``): Xcode's files and
    /// XCTest's sequential console output on Linux do not name modules, `swift test --parallel` does.
    public func baseline(forTest id: String, metric: String) -> BaselineEntry? {
        guard let baselines else { return nil }
        if let exact = baselines.baseline(test: id, metric: metric) { return exact }
        let entries = baselines.baselines.filter { MetricIdentifiers.same($0.metric, metric) }
        return ModuleLessMatching.Index(entries.map(\.test)).counterpart(of: id).map { entries[$0] }
    }

    /// `measurement` with `entry`'s average and thresholds.
    public static func applying(_ entry: BaselineEntry, to measurement: MeasurementRecord, machineKey: String)
        -> MeasurementRecord
    {
        var measurement = measurement
        measurement.baselineAverage = entry.average
        measurement.baselineName = "baseline for \(machineKey)"
        measurement.baselineValues = entry.values.isEmpty ? nil : entry.values
        if let value = entry.maxPercentRegression { measurement.maxPercentRegression = value }
        if let value = entry.maxRegression { measurement.maxRegression = value }
        if let value = entry.maxPercentRelativeStandardDeviation {
            measurement.maxPercentRelativeStandardDeviation = value
        }
        return measurement
    }

    /// `test` with its final attempt's measurements judged; `judgements` receives each one judged against a
    /// stored baseline.
    public func apply(to test: TestRecord, judgements: (Judgement) -> Void = { _ in }) -> TestRecord {
        guard baselines != nil, let last = test.attempts.indices.last, !test.attempts[last].measurements.isEmpty
        else { return test }
        var test = test
        var attempt = test.attempts[last]
        var failures: [IssueRecord] = []
        for index in attempt.measurements.indices {
            let measurement = attempt.measurements[index]
            guard let entry = baseline(forTest: test.id, metric: measurement.metricID) else { continue }
            let judged = Self.applying(entry, to: measurement, machineKey: machine.key)
            attempt.measurements[index] = judged
            var verdict = judged.verdict
            if !verdict.isFailure, failsOnSignificant, judged.isSignificantlyWorse,
                let summary = judged.statisticsSummary
            {
                verdict = MeasurementVerdict(
                    outcome: .failedRegression, reason: "XCTest passes it, but the rank test does not: \(summary).")
            }
            judgements(Judgement(test: test.id, measurement: judged, baseline: entry, verdict: verdict))
            let message = Self.message(judged, verdict: verdict, advisory: advisory)
            // A bundle judged when it was written (by `record`) already holds the issue: it is not added twice.
            if verdict.isFailure, !attempt.issues.contains(where: { $0.message == message }) {
                failures.append(
                    IssueRecord(
                        kind: advisory ? .warning : .performanceRegression, message: message))
            }
        }
        guard !failures.isEmpty else {
            test.attempts[last] = attempt
            return test
        }
        attempt.issues += failures
        if !advisory && !attempt.status.isFailure {
            attempt.status = .failed
            test.status = .failed
        }
        test.attempts[last] = attempt
        return test
    }

    /// `Time (seconds): average 0.156 is 56% worse than the baseline 0.1 (allowed 10% and 0.1 seconds)`.
    static func message(_ measurement: MeasurementRecord, verdict: MeasurementVerdict, advisory: Bool) -> String {
        (advisory ? "Advisory: " : "") + "\(measurement.name) (\(measurement.metricID)): " + verdict.reason
            + (measurement.statisticsSummary.map { " (" + $0 + ")" } ?? "")
    }
}
