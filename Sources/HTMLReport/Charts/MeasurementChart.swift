import Foundation
import ResultModel
import ResultSupport

/// Draws a measurement as an inline SVG chart: every value as a point joined by a line, with horizontal lines for
/// the average, the baseline and the regression threshold, and a band for ±1 standard deviation around the average.
/// The axes are labelled: x "Iteration" with iteration numbers, y the metric's unit with round tick values; every
/// value's tooltip (`<title>`) carries the unit. Only numbers computed here reach the markup; the metric's name
/// and unit are escaped.
public enum MeasurementChart {
    static let width = 520.0
    /// The plot's own height; the legend above and the x axis below add to it.
    static let plotHeight = 150.0
    static let left = 72.0
    static let right = 12.0
    static let bottom = 44.0

    /// The SVG markup for `measurement`.
    public static func render(_ measurement: MeasurementRecord) -> String {
        let values = Array(measurement.values.prefix(10_000)).filter(\.isFinite)
        let finite = MeasurementRecord(
            metricID: measurement.metricID, name: measurement.name, unit: measurement.unit, values: values)
        let average = finite.average.isFinite ? finite.average : 0
        let deviation = finite.standardDeviation.isFinite ? finite.standardDeviation : 0
        let baseline = measurement.baselineAverage.flatMap { $0.isFinite ? $0 : nil }
        let threshold = threshold(measurement).flatMap { $0.isFinite ? $0 : nil }
        var marks = values + [average + deviation, average - deviation]
        marks += [baseline, threshold].compactMap { $0 }
        marks = marks.filter(\.isFinite)
        var low = marks.min() ?? 0
        var high = marks.max() ?? 1
        if high - low < 1e-12 {
            let padding = low == 0 ? 1 : abs(low) * 0.1
            low -= padding
            high += padding
        }
        // Room above and below, so no point or line sits on the frame.
        let room = (high - low) * 0.05
        low -= room
        high += room
        let ticks = ChartTicks.values(from: low, to: high)
        let step = ticks.count > 1 ? ticks[1] - ticks[0] : 0
        low = min(low, ticks.first ?? low)
        high = max(high, ticks.last ?? high)
        let unit = DisplayText.clean(measurement.unit)
        let name = DisplayText.clean(measurement.name)
        func withUnit(_ value: Double) -> String {
            let number = ReportFormatting.number(value)
            return unit.isEmpty ? number : "\(number) \(unit)"
        }
        var entries = [
            LegendEntry(mark: .line(color: "#2a7ab8", dash: nil), text: "average \(withUnit(average))"),
            LegendEntry(mark: .area(color: "#8884"), text: "±1 standard deviation"),
        ]
        if let baseline {
            entries.append(
                LegendEntry(
                    mark: .line(color: "#2e8b57", dash: "6 3"), text: changeText(measurement, baseline: baseline),
                    textClass: "change"))
        }
        if let threshold {
            entries.append(
                LegendEntry(mark: .line(color: "#c0392b", dash: "2 3"), text: "threshold \(withUnit(threshold))"))
        }
        let legend = Self.legend(entries, width: width)
        let top = legend.height + 8
        let height = top + plotHeight + bottom
        let plotWidth = width - left - right
        let inset = 10.0
        func x(_ index: Int) -> Double {
            values.count <= 1
                ? left + plotWidth / 2
                : left + inset + (plotWidth - 2 * inset) * Double(index) / Double(values.count - 1)
        }
        func y(_ value: Double) -> Double { top + plotHeight * (1 - (value - low) / (high - low)) }

        let title = HTMLEscaping.escape(unit.isEmpty ? name : "\(name) (\(unit))")
        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" "
        svg += "height=\"\(Int(height))\" role=\"img\" aria-label=\"\(title): \(values.count) values, average "
        svg += "\(HTMLEscaping.escape(withUnit(average)))\">"
        svg += "<title>\(title)</title>" + legend.svg
        svg += axes(ticks: ticks, step: step, y: y, count: values.count, x: x, unit: unit, top: top)
        let bandTop = y(average + deviation)
        let bandBottom = y(average - deviation)
        svg += "<rect class=\"band\" x=\"\(number(left))\" y=\"\(number(bandTop))\" width=\"\(number(plotWidth))\" "
        svg += "height=\"\(number(max(0, bandBottom - bandTop)))\" fill=\"#8884\"><title>"
        svg += HTMLEscaping.escape(
            "±1 standard deviation: \(withUnit(average - deviation)) to \(withUnit(average + deviation))")
        svg += "</title></rect>"
        svg += horizontal(
            "average", title: "average \(withUnit(average))", y: y(average), color: "#2a7ab8", dash: nil)
        if let baseline {
            // The allowed band for this machine: from the baseline to the regression threshold.
            if let threshold {
                let (upper, lower) = (y(max(baseline, threshold)), y(min(baseline, threshold)))
                svg += "<rect class=\"allowed\" x=\"\(number(left))\" y=\"\(number(upper))\" "
                svg += "width=\"\(number(plotWidth))\" "
                svg += "height=\"\(number(max(0, lower - upper)))\" fill=\"#2e8b5722\"><title>allowed</title></rect>"
            }
            svg += horizontal(
                "baseline", title: "baseline \(withUnit(baseline))", y: y(baseline), color: "#2e8b57", dash: "6 3")
        }
        if let threshold {
            svg += horizontal(
                "threshold", title: "regression threshold \(withUnit(threshold))", y: y(threshold), color: "#c0392b",
                dash: "2 3")
        }
        if values.count > 1 {
            let points = values.indices.map { "\(number(x($0))),\(number(y(values[$0])))" }.joined(separator: " ")
            svg += "<polyline class=\"values\" fill=\"none\" stroke=\"#888\" stroke-width=\"1\" points=\"\(points)\"/>"
        }
        for (index, value) in values.enumerated() {
            svg +=
                "<circle class=\"value\" cx=\"\(number(x(index)))\" cy=\"\(number(y(value)))\" r=\"3\" fill=\"currentColor\">"
            svg += "<title>Iteration \(index + 1): \(HTMLEscaping.escape(withUnit(value)))</title></circle>"
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

    /// Both axes: lines, ticks with their values (a grid line at each y tick), and the labels "Iteration" (x) and
    /// the unit (y, turned to read upwards).
    private static func axes(
        ticks: [Double], step: Double, y: (Double) -> Double, count: Int, x: (Int) -> Double, unit: String,
        top: Double
    ) -> String {
        let plotBottom = top + plotHeight
        let height = plotBottom + bottom
        var svg = "<g class=\"axes\" font-size=\"10\" fill=\"currentColor\">"
        svg += "<g class=\"y-axis\">"
        for tick in ticks {
            let position = number(y(tick))
            svg += "<line class=\"grid\" x1=\"\(number(left))\" x2=\"\(number(width - right))\" y1=\"\(position)\" "
            svg += "y2=\"\(position)\" stroke=\"#8883\" stroke-width=\"1\"/>"
            svg += "<text class=\"tick\" x=\"\(number(left - 6))\" y=\"\(number(y(tick) + 3.5))\" text-anchor=\"end\">"
            svg += "\(HTMLEscaping.escape(ChartTicks.label(tick, step: step)))</text>"
        }
        let middle = number(top + (plotBottom - top) / 2)
        svg += "<text class=\"axis-label\" x=\"14\" y=\"\(middle)\" text-anchor=\"middle\" "
        svg += "transform=\"rotate(-90 14 \(middle))\">\(HTMLEscaping.escape(unit.isEmpty ? "value" : unit))</text>"
        svg += "</g><g class=\"x-axis\">"
        for iteration in ChartTicks.iterations(count: count) {
            let position = number(x(iteration - 1))
            svg += "<line x1=\"\(position)\" x2=\"\(position)\" y1=\"\(number(plotBottom))\" "
            svg += "y2=\"\(number(plotBottom + 4))\" stroke=\"currentColor\" stroke-width=\"1\"/>"
            svg += "<text class=\"tick\" x=\"\(position)\" y=\"\(number(plotBottom + 15))\" text-anchor=\"middle\">"
            svg += "\(iteration)</text>"
        }
        svg += "<text class=\"axis-label\" x=\"\(number(left + (width - right - left) / 2))\" "
        svg += "y=\"\(number(height - 6))\" text-anchor=\"middle\">Iteration</text></g>"
        svg +=
            "<path class=\"axis-lines\" d=\"M\(number(left)) \(number(top))V\(number(plotBottom))H\(number(width - right))\" "
        svg += "fill=\"none\" stroke=\"currentColor\" stroke-width=\"1\"/>"
        return svg + "</g>"
    }

    private static func horizontal(_ name: String, title: String, y: Double, color: String, dash: String?) -> String {
        var line = "<line class=\"\(name)\" x1=\"\(number(left))\" x2=\"\(number(width - right))\" "
        line += "y1=\"\(number(y))\" y2=\"\(number(y))\" stroke=\"\(color)\" stroke-width=\"1.5\""
        if let dash { line += " stroke-dasharray=\"\(dash)\"" }
        return line + "><title>\(HTMLEscaping.escape(title))</title></line>"
    }

    /// `baseline 0.0031 s · average +106.2%`: the baseline and the change of the average against it.
    private static func changeText(_ measurement: MeasurementRecord, baseline: Double) -> String {
        let unit = DisplayText.clean(measurement.unit)
        var text = "baseline " + ReportFormatting.number(baseline) + (unit.isEmpty ? "" : " " + unit)
        if baseline != 0 {
            let change = (measurement.average - baseline) / abs(baseline) * 100
            let sign = change >= 0 ? "+" : ""
            text += " · average \(sign)\(String(format: "%.1f", change))%"
        }
        return text
    }

    static func number(_ value: Double) -> String { String(format: "%.1f", value) }
}
