import Foundation
import ResultSupport

/// The drawings of a history: the index's trend charts, a test's strip and sparkline, and the Flaky page's rows.
/// Inline SVG with titles and labelled axes, no script; every name escaped.
enum HistoryHTML {
    /// Three charts, each with a visible legend and one quantity on its axis: tests and failures per run (bars),
    /// the total test time per run and the 95th-percentile test duration per run (lines; a total of 42 s and a
    /// 95th percentile of 2 s on one axis would flatten the second), and, when the runs kept coverage, the code
    /// coverage per run (``coverageChart(_:)``).
    static func trends(_ history: ReportHistory) -> String {
        let runs = Array(history.runs.suffix(100))
        guard !runs.isEmpty else { return "" }
        var html = countsChart(runs)
        html += lineChart(
            runs, values: runs.map(\.duration), id: "trend-time", className: "total", color: "#2a7ab8",
            title: "Total test time per run", legend: "total test time (the sum of the tests' durations)")
        if runs.contains(where: { $0.p95 != nil }) {
            html += lineChart(
                runs, values: runs.map(\.p95), id: "trend-p95", className: "p95", color: "#d35400",
                title: "95th-percentile test duration per run",
                legend: "95th-percentile test duration (95% of the tests took no longer)")
        }
        html += coverageChart(runs)
        return html + slowestAndSlowing(history)
    }

    // A narrow drawing with large text: the charts shrink to the page's width, and at 390 px their text stays
    // about 11 px high.
    static let width = 420.0
    static let height = 190.0
    static let left = 64.0
    static let right = 12.0
    static let top = 12.0
    static let bottom = 40.0
    static let fontSize = 13

    static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    /// The legend under a chart: a key per quantity, drawn in the chart's colours and named in words.
    static func legend(_ keys: [(className: String, color: String, text: String)]) -> String {
        var html = "<figcaption class=\"trend-legend\">"
        for key in keys {
            html += "<span class=\"trend-key\"><span class=\"trend-swatch \(key.className)\" "
            html +=
                "style=\"background: \(key.color)\" aria-hidden=\"true\"></span>\(HTMLEscaping.escape(key.text))</span> "
        }
        return html + "</figcaption>"
    }

    private static func countsChart(_ runs: [ReportHistory.RunPoint]) -> String {
        let most = Double(max(1, runs.map(\.tests).max() ?? 1))
        let plot = width - left - right
        let step = plot / Double(runs.count)
        let bar = max(1, step * 0.8)
        func y(_ value: Double) -> Double { top + (height - bottom - top) * (1 - value / most) }
        // A chart whose bars link to the runs' reports is not an image (its links must stay reachable).
        let role = runs.contains { $0.url != nil } ? "group" : "img"
        var svg = "<figure class=\"trend-chart\">"
        svg +=
            "<svg class=\"trend\" role=\"\(role)\" aria-labelledby=\"trend-counts-title\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">"
        svg +=
            "<title id=\"trend-counts-title\">Tests (grey) and failures (red) in each of the last \(Counted.noun(runs.count, "run"))</title>"
        svg += axis(top: Counted.noun(Int(most), "test"), runs: runs, xOf: { left + (Double($0) + 0.4) * step })
        for (index, run) in runs.enumerated() {
            let x = left + Double(index) * step
            let title = HTMLEscaping.escape(run.name) + ": \(Counted.noun(run.tests, "test")), \(run.failed) failed"
            if let url = run.url { svg += "<a href=\"\(HTMLEscaping.escape(url))\" aria-label=\"\(title)\">" }
            svg +=
                "<rect class=\"tests\" x=\"\(number(x))\" y=\"\(number(y(Double(run.tests))))\" width=\"\(number(bar))\" "
            svg += "height=\"\(number(y(0) - y(Double(run.tests))))\" fill=\"#8888\"><title>\(title)</title></rect>"
            if run.failed > 0 {
                svg += "<rect class=\"failed\" x=\"\(number(x))\" y=\"\(number(y(Double(run.failed))))\" "
                svg +=
                    "width=\"\(number(bar))\" height=\"\(number(max(1, y(0) - y(Double(run.failed)))))\" fill=\"#c0392b\"/>"
            }
            if run.url != nil { svg += "</a>" }
        }
        svg += "</svg>"
        svg += legend([("tests", "#8888", "tests"), ("failed", "#c0392b", "failed tests")])
        return svg + "</figure>"
    }

    /// A line of one quantity per run (seconds), on its own axis from 0 to its largest value.
    private static func lineChart(
        _ runs: [ReportHistory.RunPoint], values: [Double?], id: String, className: String, color: String,
        title: String, legend text: String
    ) -> String {
        let most = max(0.001, values.compactMap { $0 }.max() ?? 0)
        let plot = width - left - right
        let step = runs.count > 1 ? plot / Double(runs.count - 1) : 0
        func x(_ index: Int) -> Double { left + Double(index) * step }
        var svg = "<figure class=\"trend-chart\">"
        svg +=
            "<svg class=\"trend\" role=\"img\" aria-labelledby=\"\(id)-title\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">"
        svg += "<title id=\"\(id)-title\">\(title), up to \(ReportFormatting.duration(most))</title>"
        svg += axis(top: ReportFormatting.duration(most), runs: runs, xOf: x)
        let points = values.indices.compactMap { index in
            values[index].map { "\(number(x(index))),\(number(top + (height - bottom - top) * (1 - $0 / most)))" }
        }
        if points.count > 1 {
            svg += "<polyline class=\"\(className)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" "
            svg += "points=\"\(points.joined(separator: " "))\"/>"
        }
        for point in points {
            let xy = point.split(separator: ",")
            svg += "<circle class=\"\(className)\" cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"3\" fill=\"\(color)\"/>"
        }
        svg += "</svg>"
        svg += legend([(className, color, text)])
        return svg + "</figure>"
    }

    /// The axes, the largest value at the top, and the runs' names under the x axis: the oldest, the newest and a
    /// few between (at most five, so that they do not overlap).
    static func axis(top label: String, runs: [ReportHistory.RunPoint], xOf: (Int) -> Double) -> String {
        let base = height - HistoryHTML.bottom
        var svg =
            "<line x1=\"\(number(left))\" y1=\"\(number(top))\" x2=\"\(number(left))\" y2=\"\(number(base))\" stroke=\"currentColor\"/>"
        svg +=
            "<line x1=\"\(number(left))\" y1=\"\(number(base))\" x2=\"\(number(width - right))\" y2=\"\(number(base))\" stroke=\"currentColor\"/>"
        svg += text(HTMLEscaping.escape(label), x: left - 4, y: top + 10, anchor: "end")
        svg += text("0", x: left - 4, y: base, anchor: "end")
        let shown = labelledRuns(runs.count)
        for index in shown {
            let anchor =
                shown.count == 1 ? "start" : (index == shown.first ? "start" : (index == shown.last ? "end" : "middle"))
            let x = anchor == "start" ? min(xOf(index), width - right) : (anchor == "end" ? width - right : xOf(index))
            svg += text(HTMLEscaping.escape(cut(runs[index].name)), x: x, y: base + 16, anchor: anchor)
        }
        svg += text("runs, oldest to newest", x: width - right, y: height - 4, anchor: "end")
        return svg
    }

    static func text(_ escaped: String, x: Double, y: Double, anchor: String) -> String {
        "<text x=\"\(number(x))\" y=\"\(number(y))\" text-anchor=\"\(anchor)\" font-size=\"\(fontSize)\" fill=\"currentColor\">\(escaped)</text>"
    }

    /// A run name short enough for the axis (a commit's first 8 characters).
    private static func cut(_ name: String) -> String { name.count > 10 ? String(name.prefix(9)) + "…" : name }

    /// Which runs get their name under the axis: the first, the last and up to three evenly between.
    static func labelledRuns(_ count: Int) -> [Int] {
        guard count > 1 else { return count == 1 ? [0] : [] }
        let slots = min(count - 1, 3)
        return (0...slots).map { Int((Double($0) * Double(count - 1) / Double(slots)).rounded()) }
            .reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }
    }

    private static let colors = [
        "passed": "#2e8b57", "failed": "#c0392b", "skipped": "#999", "retried": "#e6a700", "absent": "none",
    ]

    /// One run's mark in a 10-unit cell at `x`: its status told by shape as well as colour (green and red are
    /// close in lightness and the same to many eyes): a passed run is a disc, a failed one a square with a cross,
    /// a retried one a diamond, a skipped one a hollow square with a dash, an absent one a dotted outline.
    static func shape(_ status: String, x: Int) -> String {
        let color = colors[status] ?? "#999"
        switch status {
        case "passed":
            return "<circle cx=\"\(x + 5)\" cy=\"6\" r=\"4.5\" fill=\"\(color)\"/>"
        case "failed":
            return "<rect x=\"\(x)\" y=\"1\" width=\"10\" height=\"10\" fill=\"\(color)\"/>"
                + "<path d=\"M\(x + 2) 3l6 6m0 -6l-6 6\" stroke=\"#fff\" stroke-width=\"1.5\"/>"
        case "retried":
            return "<path d=\"M\(x + 5) 0.5l5 5.5l-5 5.5l-5 -5.5z\" fill=\"\(color)\"/>"
        case "absent":
            return "<rect x=\"\(x + 1)\" y=\"2\" width=\"8\" height=\"8\" fill=\"none\" stroke=\"#8888\" "
                + "stroke-dasharray=\"1 2\"/>"
        default:
            return "<rect x=\"\(x).5\" y=\"1.5\" width=\"9\" height=\"9\" fill=\"none\" stroke=\"\(color)\"/>"
                + "<path d=\"M\(x + 2) 6h6\" stroke=\"\(color)\" stroke-width=\"1.5\"/>"
        }
    }

    /// `newest run`, `1 run before`, `5 runs before`.
    private static func runsAgo(_ count: Int) -> String {
        count == 0 ? "newest run" : Counted.noun(count, "run") + " before"
    }

    /// The run report address of each of `trend`'s newest `count` statuses (nil where unknown).
    private static func urls(_ trend: ReportHistory.Trend, newest count: Int) -> [String?] {
        let start = trend.statuses.count - count
        return (start..<trend.statuses.count).map { $0 < trend.urls.count ? trend.urls[$0] : nil }
    }

    /// A test's label, strip of recent results (one square per run, status as color and in its title; a link to
    /// the run's report when `--run-url` gave one) and duration sparkline.
    static func strip(_ trend: ReportHistory.Trend) -> String {
        var html = "<div class=\"history\">"
        if let label = trend.label {
            html += "<p class=\"history-label\"><span class=\"badge\">\(HTMLEscaping.escape(label))</span></p>"
        }
        let statuses = trend.statuses.suffix(60)
        let links = urls(trend, newest: statuses.count)
        let linked = links.contains { $0 != nil }
        var svg = "<svg class=\"strip\" "
        if linked {
            svg +=
                "aria-label=\"Results of the last \(Counted.noun(statuses.count, "run")), oldest first, linked to their reports\" "
        } else {
            svg +=
                "role=\"img\" aria-label=\"Results of the last \(Counted.noun(statuses.count, "run")), oldest first: "
            svg += statuses.joined(separator: ", ") + "\" "
        }
        svg += "width=\"\(statuses.count * 12)\" height=\"12\">"
        for (index, status) in statuses.enumerated() {
            let title = "\(runsAgo(statuses.count - 1 - index)): \(status)"
            let square = "<g class=\"h-\(status)\"><title>\(title)</title>\(shape(status, x: index * 12))</g>"
            if let url = links[index] {
                svg += "<a href=\"\(HTMLEscaping.escape(url))\" aria-label=\"\(title)\">\(square)</a>"
            } else {
                svg += square
            }
        }
        html += svg + "</svg>"
        let durations = trend.durations.suffix(60).enumerated().compactMap { index, value in value.map { (index, $0) } }
        if durations.count > 1, let most = durations.map(\.1).max(), most > 0 {
            let points = durations.map { "\($0.0 * 12 + 5),\(number(2 + 16 * (1 - $0.1 / most)))" }.joined(
                separator: " ")
            html +=
                "<svg class=\"sparkline\" role=\"img\" aria-label=\"Duration of the last \(Counted.noun(durations.count, "run")), "
            html += "up to \(ReportFormatting.duration(most))\" width=\"\(statuses.count * 12)\" height=\"20\">"
            html += "<polyline fill=\"none\" stroke=\"#2a7ab8\" stroke-width=\"1.5\" points=\"\(points)\"/></svg>"
        }
        return html + "</div>"
    }

    /// The small strip of a list row: the newest `newest` results as marks (classes `h-passed`, `h-failed`, …,
    /// which report.css draws as a disc, a crossed square, a diamond, …), named in an accessible label, or as links
    /// to the runs' reports.
    static func miniStrip(_ trend: ReportHistory.Trend, newest: Int = 10) -> String {
        let statuses = Array(trend.statuses.suffix(newest))
        let links = urls(trend, newest: statuses.count)
        guard !statuses.isEmpty else { return "" }
        if !links.contains(where: { $0 != nil }) {
            var html =
                "<span class=\"mini-strip\" role=\"img\" aria-label=\"Last \(Counted.noun(statuses.count, "run")), oldest "
            html += "first: \(statuses.joined(separator: ", "))\">"
            for status in statuses { html += "<i class=\"h-\(status)\"></i>" }
            return html + "</span>"
        }
        var html = "<span class=\"mini-strip\">"
        for (index, status) in statuses.enumerated() {
            let title = "\(runsAgo(statuses.count - 1 - index)): \(status)"
            if let url = links[index] {
                html += "<a class=\"h-\(status)\" href=\"\(HTMLEscaping.escape(url))\" title=\"\(title)\" "
                html += "aria-label=\"\(title)\"></a>"
            } else {
                html += "<i class=\"h-\(status)\" title=\"\(title)\"></i>"
            }
        }
        return html + "</span>"
    }

    /// "Slowest and slowing": two small tables of the history's slowest tests and those that slowed down most.
    static func slowestAndSlowing(_ history: ReportHistory) -> String {
        guard !history.slowest.isEmpty || !history.slowing.isEmpty else { return "" }
        var html = OutputBuffer(capacity: 4096)
        html.append("<h3>Slowest and slowing</h3>")
        if !history.slowing.isEmpty {
            html.append(
                "<table class=\"slowing\"><caption>Slowing: median of the newest 5 runs against the runs before")
            html.append("</caption><thead><tr><th scope=\"col\">Test</th><th scope=\"col\">Before</th>")
            html.append("<th scope=\"col\">Now</th><th scope=\"col\">Change</th></tr></thead><tbody>")
            for test in history.slowing {
                html.append("<tr><td>")
                html.appendEscapedHTML(DisplayText.clean(test.test))
                html.appendTrusted(
                    "</td><td class=\"num\">\(ReportFormatting.duration(test.before))</td><td class=\"num\">"
                        + "\(ReportFormatting.duration(test.after))</td><td class=\"num\">+"
                        + String(format: "%.0f%%", (test.after - test.before) / max(test.before, 1e-9) * 100)
                        + "</td></tr>")
            }
            html.append("</tbody></table>")
        }
        if !history.slowest.isEmpty {
            html.append("<table class=\"slowest\"><caption>Slowest: median of the newest 5 runs</caption><thead><tr>")
            html.append("<th scope=\"col\">Test</th><th scope=\"col\">Median</th></tr></thead><tbody>")
            for test in history.slowest {
                html.append("<tr><td>")
                html.appendEscapedHTML(DisplayText.clean(test.test))
                html.appendTrusted("</td><td class=\"num\">\(ReportFormatting.duration(test.after))</td></tr>")
            }
            html.append("</tbody></table>")
        }
        return html.string
    }
}
