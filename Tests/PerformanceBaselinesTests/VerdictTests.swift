import PerformanceBaselines
import ResultModel
import Testing

/// XCTest's rules at each threshold's edge, from both sides (one verdict function: `MeasurementRecord.verdict`).
struct VerdictTests {
    struct Case: Sendable, CustomStringConvertible {
        var values: [Double]
        var baseline: Double?
        var polarity: MeasurementRecord.Polarity = .smallerIsBetter
        var expected: MeasurementVerdict.Outcome
        var description: String { "\(values) against \(baseline.map { "\($0)" } ?? "none") → \(expected)" }
    }

    static let cases: [Case] = [
        // 10% and 0.1 s exactly: neither is exceeded.
        Case(values: [1.1], baseline: 1.0, expected: .passed),
        // Both just exceeded.
        Case(values: [1.1001], baseline: 1.0, expected: .failedRegression),
        // Percent exceeded, seconds not (12%, 0.06 s).
        Case(values: [0.56], baseline: 0.5, expected: .passed),
        // Seconds exceeded, percent not (7.5%, 0.15 s).
        Case(values: [2.15], baseline: 2.0, expected: .passed),
        // Both exceeded (12.5%, 0.25 s).
        Case(values: [2.25], baseline: 2.0, expected: .failedRegression),
        // Faster than the baseline.
        Case(values: [0.5], baseline: 1.0, expected: .passed),
        // Larger is better: 11% fewer is a regression, 9% fewer is not, more is better.
        Case(values: [89], baseline: 100, polarity: .largerIsBetter, expected: .failedRegression),
        Case(values: [91], baseline: 100, polarity: .largerIsBetter, expected: .passed),
        Case(values: [120], baseline: 100, polarity: .largerIsBetter, expected: .passed),
        // Variation: relative standard deviation over 10% and standard deviation over 0.1 (both).
        Case(values: [1.0, 1.4, 1.0, 1.4], baseline: 1.2, expected: .failedVariation),
        // Relative standard deviation far over 10%, standard deviation under 0.1: passes.
        Case(values: [0.01, 0.03, 0.01, 0.03], baseline: 0.02, expected: .passed),
        // Standard deviation over 0.1, relative under 10% (large values): passes.
        Case(values: [10.0, 10.4, 10.0, 10.4], baseline: 10.2, expected: .passed),
        // No baseline.
        Case(values: [1.0], baseline: nil, expected: .passedWithoutBaseline),
    ]

    @Test(arguments: cases) func verdictAtTheEdges(_ test: Case) {
        let measurement = MeasurementRecord(
            metricID: "org.swift.XCTPerformanceMetric_WallClockTime", name: "Time", unit: "seconds",
            values: test.values, polarity: test.polarity, baselineAverage: test.baseline)
        #expect(measurement.verdict.outcome == test.expected)
    }

    @Test func storedThresholdsReplaceTheDefaults() {
        let entry = BaselineEntry(
            test: "M/S/t", metric: "org.swift.XCTPerformanceMetric_WallClockTime", average: 1.0,
            maxPercentRegression: 5, maxRegression: 0.01)
        let measurement = MeasurementRecord(
            metricID: "org.swift.XCTPerformanceMetric_WallClockTime", name: "Time", unit: "seconds", values: [1.06])
        let judged = BaselineApplication.applying(entry, to: measurement, machineKey: "k")
        #expect(judged.verdict.outcome == .failedRegression)
        #expect(measurement.verdict.outcome == .passedWithoutBaseline)
    }

    @Test func aPassWithinTheAbsoluteAllowanceSaysSo() {
        // +26.5%, but by 0.0265 s: XCTest passes it because of the 0.1 s floor, and the reason says that.
        let floor = MeasurementRecord(
            metricID: "m", name: "Time", unit: "seconds", values: [0.1265], baselineAverage: 0.1
        ).verdict
        #expect(floor.outcome == .passed)
        #expect(floor.reason.contains("26.5% worse") && floor.reason.contains("within the allowed 0.1 seconds"))
        let within = MeasurementRecord(
            metricID: "m", name: "Time", unit: "seconds", values: [1.05], baselineAverage: 1
        ).verdict
        #expect(within.reason == "Average 1.05 is within 10% of the baseline 1.")
    }
}
