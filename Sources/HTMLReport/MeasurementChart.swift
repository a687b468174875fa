import Foundation
import ResultModel
import ResultSupport

/// Draws a measurement as an inline SVG chart: every value as a point joined by a line, with horizontal lines for
/// the average, the baseline and the regression threshold, and a band for the allowed standard deviation.
/// Only numbers computed here reach the markup; the metric's name is escaped.
public enum MeasurementChart {
    /// The SVG markup for `measurement`.
    public static func render(_ measurement: MeasurementRecord) -> String {
        let width = 480.0
        let height = 160.0
        let left = 56.0
        let right = 12.0
        let top = 10.0
        let bottom = 24.0
        let values = Array(measurement.values.prefix(10_000)).filter(\.isFinite)
        let finite = MeasurementRecord(
            metricID: measurement.metricID, name: measurement.name, unit: measurement.unit, values: values)
        let average = finite.average.isFinite ? finite.average : 0
        let deviation = finite.standardDeviation.isFinite ? finite.standardDeviation : 0
        var marks = values + [average]
        if let baseline = measurement.baselineAverage, baseline.isFinite { marks.append(baseline) }
        if let threshold = threshold(measurement), threshold.isFinite { marks.append(threshold) }
        marks = marks.filter(\.isFinite)
        var low = marks.min() ?? 0
        var high = marks.max() ?? 1
        if high - low < 1e-12 {
            low -= 1
            high += 1
        }
        let padding = (high - low) * 0.08
        low -= padding
        high += padding
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        func x(_ index: Int) -> Double {
            values.count <= 1 ? left + plotWidth / 2 : left + plotWidth * Double(index) / Double(values.count - 1)
        }
        func y(_ value: Double) -> Double { top + plotHeight * (1 - (value - low) / (high - low)) }
        func number(_ value: Double) -> String { String(format: "%.1f", value) }
        func label(_ value: Double) -> String { String(format: "%.4g", value) }

        let title = HTMLEscaping.escape("\(measurement.name) (\(measurement.unit))")
        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" "
        svg += "height=\"\(Int(height))\" role=\"img\" aria-label=\"\(title): \(values.count) values\">"
        svg += "<title>\(title)</title>"
        let bandTop = y(average + deviation)
        let bandBottom = y(average - deviation)
        svg += "<rect class=\"band\" x=\"\(number(left))\" y=\"\(number(bandTop))\" width=\"\(number(plotWidth))\" "
        svg += "height=\"\(number(max(0, bandBottom - bandTop)))\" fill=\"#8884\"/>"
        svg += axisLabel(label(high - padding), y: y(high - padding), left: left)
        svg += axisLabel(label(low + padding), y: y(low + padding), left: left)
        svg += horizontal("average", y: y(average), from: left, to: width - right, color: "#2a7ab8", dash: nil)
        if let baseline = measurement.baselineAverage, baseline.isFinite {
            // The allowed band for this machine: from the baseline to the regression threshold.
            if let threshold = threshold(measurement), threshold.isFinite {
                let (upper, lower) = (y(max(baseline, threshold)), y(min(baseline, threshold)))
                svg += "<rect class=\"allowed\" x=\"\(number(left))\" y=\"\(number(upper))\" "
                svg += "width=\"\(number(plotWidth))\" "
                svg += "height=\"\(number(max(0, lower - upper)))\" fill=\"#2e8b5722\"><title>allowed</title></rect>"
            }
            svg += horizontal("baseline", y: y(baseline), from: left, to: width - right, color: "#2e8b57", dash: "6 3")
            svg += changeLabel(measurement, baseline: baseline, y: y(baseline), right: width - right)
        }
        if let threshold = threshold(measurement), threshold.isFinite {
            svg += horizontal(
                "threshold", y: y(threshold), from: left, to: width - right, color: "#c0392b", dash: "2 3")
        }
        if values.count > 1 {
            let points = values.indices.map { "\(number(x($0))),\(number(y(values[$0])))" }.joined(separator: " ")
            svg += "<polyline class=\"values\" fill=\"none\" stroke=\"#888\" stroke-width=\"1\" points=\"\(points)\"/>"
        }
        for (index, value) in values.enumerated() {
            svg +=
                "<circle class=\"value\" cx=\"\(number(x(index)))\" cy=\"\(number(y(value)))\" r=\"3\" fill=\"#444\">"
            svg += "<title>#\(index + 1): \(label(value))</title></circle>"
        }
        svg += "</svg>"
        return svg
    }

    /// The value beyond which the average counts as a regression against the baseline, when there is a baseline.
    static func threshold(_ measurement: MeasurementRecord) -> Double? {
        guard let baseline = measurement.baselineAverage, baseline.isFinite else { return nil }
        let allowed = max(abs(baseline) * measurement.maxPercentRegression / 100, measurement.maxRegression)
        return measurement.polarity == .smallerIsBetter ? baseline + allowed : baseline - allowed
    }

    private static func horizontal(_ name: String, y: Double, from: Double, to: Double, color: String, dash: String?)
        -> String
    {
        var line =
            "<line class=\"\(name)\" x1=\"\(String(format: "%.1f", from))\" x2=\"\(String(format: "%.1f", to))\" "
        line +=
            "y1=\"\(String(format: "%.1f", y))\" y2=\"\(String(format: "%.1f", y))\" stroke=\"\(color)\" stroke-width=\"1.5\""
        if let dash { line += " stroke-dasharray=\"\(dash)\"" }
        return line + "><title>\(name)</title></line>"
    }

    /// `baseline 0.0031 · +106.2%` at the baseline line's right end: the change of the average against it.
    private static func changeLabel(_ measurement: MeasurementRecord, baseline: Double, y: Double, right: Double)
        -> String
    {
        var text = "baseline " + String(format: "%.4g", baseline)
        if baseline != 0 {
            let change = (measurement.average - baseline) / abs(baseline) * 100
            text += " · average " + (change >= 0 ? "+" : "") + String(format: "%.1f", change) + "%"
        }
        return "<text class=\"change\" x=\"\(String(format: "%.1f", right))\" y=\"\(String(format: "%.1f", y - 4))\" "
            + "text-anchor=\"end\" font-size=\"10\" fill=\"currentColor\">\(HTMLEscaping.escape(text))</text>"
    }

    private static func axisLabel(_ text: String, y: Double, left: Double) -> String {
        "<text x=\"\(String(format: "%.1f", left - 4))\" y=\"\(String(format: "%.1f", y + 4))\" text-anchor=\"end\" "
            + "font-size=\"10\" fill=\"currentColor\">\(HTMLEscaping.escape(text))</text>"
    }
}
