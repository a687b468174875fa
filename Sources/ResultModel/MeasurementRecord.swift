import Foundation

/// A performance measurement: every value of one metric, the thresholds it is judged by, and an optional baseline.
///
/// The verdict follows XCTest's rules; see ``MeasurementRecord/verdict``.
public struct MeasurementRecord: Sendable, Codable, Hashable {
    /// Whether smaller or larger values are better.
    public enum Polarity: String, Sendable, Codable, Hashable {
        /// Smaller is better (time, memory).
        case smallerIsBetter
        /// Larger is better (throughput).
        case largerIsBetter
    }

    /// The metric's identifier, for example `org.swift.XCTPerformanceMetric_WallClockTime`.
    public var metricID: String
    /// The metric's human name, for example `Time`.
    public var name: String
    /// The unit, for example `seconds`.
    public var unit: String
    /// Every measured value, in the order measured.
    public var values: [Double]
    /// Whether smaller or larger is better.
    public var polarity: Polarity
    /// The baseline average to compare against, when one is set.
    public var baselineAverage: Double?
    /// The baseline's name, when known.
    public var baselineName: String?
    /// The values measured when the baseline was set, when the baseline store kept them (format 1.3): what the
    /// statistical comparison (docs/BASELINES.md) ranks ``values`` against. `nil` when unknown.
    public var baselineValues: [Double]?
    /// Allowed relative standard deviation, in percent (XCTest's default: 10).
    public var maxPercentRelativeStandardDeviation: Double
    /// Standard deviation under which variation is never a failure, in the metric's unit (XCTest's default: 0.1).
    public var maxStandardDeviation: Double
    /// Allowed regression against the baseline, in percent (XCTest's default: 10).
    public var maxPercentRegression: Double
    /// Regression against the baseline under which it is never a failure, in the unit (XCTest's default: 0.1).
    public var maxRegression: Double

    /// Creates a measurement with XCTest's default thresholds unless others are given.
    public init(
        metricID: String,
        name: String,
        unit: String,
        values: [Double],
        polarity: Polarity = .smallerIsBetter,
        baselineAverage: Double? = nil,
        baselineName: String? = nil,
        baselineValues: [Double]? = nil,
        maxPercentRelativeStandardDeviation: Double = 10,
        maxStandardDeviation: Double = 0.1,
        maxPercentRegression: Double = 10,
        maxRegression: Double = 0.1
    ) {
        self.metricID = metricID
        self.name = name
        self.unit = unit
        self.values = values
        self.polarity = polarity
        self.baselineAverage = baselineAverage
        self.baselineName = baselineName
        self.baselineValues = baselineValues
        self.maxPercentRelativeStandardDeviation = maxPercentRelativeStandardDeviation
        self.maxStandardDeviation = maxStandardDeviation
        self.maxPercentRegression = maxPercentRegression
        self.maxRegression = maxRegression
    }
}

extension MeasurementRecord {
    /// The values that are finite numbers; statistics leave out NaN and infinities a broken metric may report.
    public var finiteValues: [Double] { values.filter(\.isFinite) }

    /// The arithmetic mean of the finite values (0 when there are none).
    public var average: Double {
        let finite = finiteValues
        return finite.isEmpty ? 0 : finite.reduce(0, +) / Double(finite.count)
    }

    /// The sample standard deviation of the finite values (divides by n - 1, as XCTest does); 0 for fewer than two.
    public var standardDeviation: Double {
        let finite = finiteValues
        guard finite.count > 1 else { return 0 }
        let mean = average
        let squares = finite.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (squares / Double(finite.count - 1)).squareRoot()
    }

    /// The standard deviation as a percentage of the average (0 when the average is 0).
    public var relativeStandardDeviation: Double {
        let mean = average
        return mean == 0 ? 0 : standardDeviation / abs(mean) * 100
    }

    /// The smallest value, when there is one.
    public var minimum: Double? { finiteValues.min() }
    /// The largest value, when there is one.
    public var maximum: Double? { finiteValues.max() }

    /// How much worse than the baseline the average is, in the unit (negative when better); `nil` without baseline.
    public var regression: Double? {
        guard let baselineAverage else { return nil }
        switch polarity {
        case .smallerIsBetter: return average - baselineAverage
        case .largerIsBetter: return baselineAverage - average
        }
    }

    /// ``regression`` as a percentage of the baseline; `nil` without a baseline or with a zero baseline.
    public var percentRegression: Double? {
        guard let regression, let baselineAverage, baselineAverage != 0 else { return nil }
        return regression / abs(baselineAverage) * 100
    }

    /// The verdict by XCTest's rules.
    ///
    /// - Fails when the relative standard deviation is over ``maxPercentRelativeStandardDeviation`` *and* the
    ///   standard deviation is over ``maxStandardDeviation`` (both must hold).
    /// - With a baseline, fails when the average is worse than the baseline by more than ``maxPercentRegression``
    ///   percent *and* by more than ``maxRegression`` in the unit.
    /// - Otherwise passes; without a baseline the reason says so, and a change over the percentage that passes by
    ///   the absolute allowance says that.
    public var verdict: MeasurementVerdict {
        guard !finiteValues.isEmpty else {
            return MeasurementVerdict(outcome: .noValues, reason: "No values were measured.")
        }
        let rsd = relativeStandardDeviation
        let deviation = standardDeviation
        if Self.exceeds(rsd, maxPercentRelativeStandardDeviation) && Self.exceeds(deviation, maxStandardDeviation) {
            return MeasurementVerdict(
                outcome: .failedVariation,
                reason: "Relative standard deviation \(format(rsd))% exceeds the allowed "
                    + "\(format(maxPercentRelativeStandardDeviation))% and the standard deviation "
                    + "\(format(deviation)) exceeds \(format(maxStandardDeviation)) \(unit)."
            )
        }
        guard let baselineAverage, let regression else {
            return MeasurementVerdict(
                outcome: .passedWithoutBaseline,
                reason: "No baseline; variation \(format(rsd))% is within limits."
            )
        }
        let percent = percentRegression ?? 0
        if Self.exceeds(percent, maxPercentRegression) && Self.exceeds(regression, maxRegression) {
            return MeasurementVerdict(
                outcome: .failedRegression,
                reason: "Average \(format(average)) is \(format(percent))% worse than the baseline "
                    + "\(format(baselineAverage)) (allowed \(format(maxPercentRegression))% and "
                    + "\(format(maxRegression)) \(unit))."
            )
        }
        if Self.exceeds(percent, maxPercentRegression) {
            // XCTest's absolute floor: over the percentage, but by less than maxRegression in the unit.
            return MeasurementVerdict(
                outcome: .passed,
                reason: "Average \(format(average)) is \(format(percent))% worse than the baseline "
                    + "\(format(baselineAverage)), but by \(format(regression)) \(unit), within the allowed "
                    + "\(format(maxRegression)) \(unit)."
            )
        }
        return MeasurementVerdict(
            outcome: .passed,
            reason: "Average \(format(average)) is within \(format(maxPercentRegression))% of the baseline "
                + "\(format(baselineAverage))."
        )
    }

    /// Whether `value` is over `limit` by more than floating-point rounding: a change of exactly 10% or 0.1 s,
    /// computed from decimal inputs, is at the limit, not over it (1.1 - 1.0 is 0.10000000000000009 in binary).
    static func exceeds(_ value: Double, _ limit: Double) -> Bool {
        value - limit > 1e-9 * max(1, abs(limit))
    }

    /// Three decimals, or four significant digits below 0.1 (a 6 ms measurement reads `0.006542`, not `0.007`).
    private func format(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        if value != 0 && abs(value) < 0.1 {
            let decimals = min(15, 3 - Int((log10(abs(value))).rounded(.down)))
            var text = String(format: "%.\(decimals)f", value)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text
        }
        let rounded = (value * 1000).rounded() / 1000
        var text = String(rounded)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}

/// The judgement of a measurement and the sentence that explains it.
public struct MeasurementVerdict: Sendable, Codable, Hashable {
    /// The possible outcomes.
    public enum Outcome: String, Sendable, Codable, Hashable {
        /// Within every threshold and the baseline.
        case passed
        /// Within the variation thresholds; there is no baseline to compare with.
        case passedWithoutBaseline
        /// The values vary more than allowed.
        case failedVariation
        /// The average regressed against the baseline by more than allowed.
        case failedRegression
        /// Nothing was measured.
        case noValues
    }

    /// The outcome.
    public var outcome: Outcome
    /// A sentence a person can read.
    public var reason: String

    /// Creates a verdict.
    public init(outcome: Outcome, reason: String) {
        self.outcome = outcome
        self.reason = reason
    }

    /// Whether the outcome is a failure.
    public var isFailure: Bool { outcome == .failedVariation || outcome == .failedRegression }
}
