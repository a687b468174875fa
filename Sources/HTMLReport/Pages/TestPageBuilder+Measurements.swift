import Foundation
import ResultModel
import ResultSupport

extension TestPageBuilder {
    /// A measurement's chart (``MeasurementChart``), statistics with the metric's unit on every value, and verdict.
    func measurementModel(_ measurement: MeasurementRecord) -> MeasurementModel {
        let verdict = measurement.verdict
        let unit = DisplayText.clean(measurement.unit)
        func withUnit(_ value: Double) -> String {
            let number = ReportFormatting.number(value)
            return unit.isEmpty || !value.isFinite ? number : "\(number) \(unit)"
        }
        var stats = [
            FactModel(label: "Values", value: "\(measurement.values.count)"),
            FactModel(label: "Average", value: withUnit(measurement.average)),
            FactModel(label: "Standard deviation", value: withUnit(measurement.standardDeviation)),
            FactModel(
                label: "Relative standard deviation",
                value: String(format: "%.3f%%", measurement.relativeStandardDeviation)),
            FactModel(label: "Minimum", value: measurement.minimum.map(withUnit) ?? "-"),
            FactModel(label: "Maximum", value: measurement.maximum.map(withUnit) ?? "-"),
        ]
        if let baseline = measurement.baselineAverage {
            stats.append(FactModel(label: "Baseline", value: withUnit(baseline)))
            if let threshold = MeasurementChart.threshold(measurement) {
                stats.append(FactModel(label: "Regression threshold", value: withUnit(threshold)))
            }
            if let percent = measurement.percentRegression {
                stats.append(FactModel(label: "Change against baseline", value: String(format: "%+.2f%%", percent)))
            }
        }
        stats.append(
            FactModel(
                label: "Allowed relative deviation",
                value: String(format: "%.1f%%", measurement.maxPercentRelativeStandardDeviation)))
        return MeasurementModel(
            name: DisplayText.clean(measurement.name),
            unit: unit,
            chartHTML: MeasurementChart.render(measurement),
            stats: stats,
            verdictText: "XCTest: " + verdict.reason
                + (measurement.statisticsSummary.map { " · " + $0 } ?? ""),
            verdictClass: verdict.isFailure ? "verdict-fail" : "verdict-pass"
        )
    }
}
