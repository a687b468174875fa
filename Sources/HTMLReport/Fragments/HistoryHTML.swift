import Foundation
import ResultSupport

/// The drawings of a history: the index's trend charts, a test's strip and sparkline, and the Flaky page's rows.
/// Inline SVG with titles and labelled axes, no script; every name escaped.
enum HistoryHTML {
    /// Two charts: tests and failures per run (bars), and the total and 95th-percentile durations (lines).
    static func trends(_ history: ReportHistory) -> String {
        let runs = history.runs.suffix(100)
        guard !runs.isEmpty else { return "" }
        return countsChart(Array(runs)) + durationsChart(Array(runs)) + slowestAndSlowing(history)
    }

    private static let width = 640.0
    private static let height = 160.0
    private static let left = 48.0
    private static let bottom = 24.0

    private static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func countsChart(_ runs: [ReportHistory.RunPoint]) -> String {
        let most = Double(max(1, runs.map(\.tests).max() ?? 1))
        let plot = width - left - 8
        let step = plot / Double(runs.count)
        let bar = max(1, step * 0.8)
        func y(_ value: Double) -> Double { 8 + (height - bottom - 8) * (1 - value / most) }
        // A chart whose bars link to the runs' reports is not an image (its links must stay reachable).
        let role = runs.contains { $0.url != nil } ? "group" : "img"
        var svg =
            "<svg class=\"trend\" role=\"\(role)\" aria-labelledby=\"trend-counts-title\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">"
        svg +=
            "<title id=\"trend-counts-title\">Tests (grey) and failures (red) in each of the last \(Counted.noun(runs.count, "run"))</title>"
        svg += axis(top: Counted.noun(Int(most), "test"), bottom: "0", xLabel: "runs, oldest to newest")
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
        return svg + "</svg>"
    }

    private static func durationsChart(_ runs: [ReportHistory.RunPoint]) -> String {
        let most = max(0.001, runs.map(\.duration).max() ?? 0)
        let mostP95 = max(0.001, runs.compactMap(\.p95).max() ?? 0)
        let plot = width - left - 8
        let step = runs.count > 1 ? plot / Double(runs.count - 1) : 0
        func point(_ index: Int, _ value: Double, _ scale: Double) -> String {
            "\(number(left + Double(index) * step)),\(number(8 + (height - bottom - 8) * (1 - value / scale)))"
        }
        var svg =
            "<svg class=\"trend\" role=\"img\" aria-labelledby=\"trend-time-title\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">"
        svg +=
            "<title id=\"trend-time-title\">Total test time (blue, up to \(ReportFormatting.duration(most))) and the "
        svg += "95th-percentile test duration (orange, up to \(ReportFormatting.duration(mostP95))) per run</title>"
        svg += axis(top: ReportFormatting.duration(most), bottom: "0", xLabel: "runs, oldest to newest")
        let total = runs.indices.map { point($0, runs[$0].duration, most) }.joined(separator: " ")
        svg += "<polyline class=\"total\" fill=\"none\" stroke=\"#2a7ab8\" stroke-width=\"2\" points=\"\(total)\"/>"
        let p95 = runs.indices.compactMap { index in runs[index].p95.map { point(index, $0, mostP95) } }
        if p95.count > 1 {
            svg +=
                "<polyline class=\"p95\" fill=\"none\" stroke=\"#d35400\" stroke-width=\"1.5\" stroke-dasharray=\"4 2\" "
            svg += "points=\"\(p95.joined(separator: " "))\"/>"
        }
        return svg + "</svg>"
    }

    private static func axis(top: String, bottom: String, xLabel: String) -> String {
        let base = height - HistoryHTML.bottom
        var svg =
            "<line x1=\"\(number(left))\" y1=\"8\" x2=\"\(number(left))\" y2=\"\(number(base))\" stroke=\"currentColor\"/>"
        svg +=
            "<line x1=\"\(number(left))\" y1=\"\(number(base))\" x2=\"\(number(width - 8))\" y2=\"\(number(base))\" stroke=\"currentColor\"/>"
        svg +=
            "<text x=\"\(number(left - 4))\" y=\"16\" text-anchor=\"end\" font-size=\"10\" fill=\"currentColor\">\(HTMLEscaping.escape(top))</text>"
        svg +=
            "<text x=\"\(number(left - 4))\" y=\"\(number(base))\" text-anchor=\"end\" font-size=\"10\" fill=\"currentColor\">\(HTMLEscaping.escape(bottom))</text>"
        svg +=
            "<text x=\"\(number(width - 8))\" y=\"\(number(height - 6))\" text-anchor=\"end\" font-size=\"10\" fill=\"currentColor\">\(HTMLEscaping.escape(xLabel))</text>"
        return svg
    }

    private static let colors = [
        "passed": "#2e8b57", "failed": "#c0392b", "skipped": "#999", "retried": "#e6a700", "absent": "none",
    ]

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
            var square = "<rect x=\"\(index * 12)\" y=\"1\" width=\"10\" height=\"10\" "
            square += "fill=\"\(colors[status] ?? "#999")\" stroke=\"#8888\"><title>\(title)</title></rect>"
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

    /// The small strip of a list row: the newest 10 results as squares (classes `h-passed`, `h-failed`, …), named
    /// in an accessible label, or as links to the runs' reports.
    static func miniStrip(_ trend: ReportHistory.Trend) -> String {
        let statuses = Array(trend.statuses.suffix(10))
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

    /// The Flaky page's rows, in the list pages' four columns.
    static func flakyRows(_ history: ReportHistory) -> String {
        var rows = OutputBuffer(capacity: 4096)
        for test in history.flaky {
            rows.append("<tr data-status=\"flaky\"><td>")
            rows.appendEscapedHTML(DisplayText.clean(test.test))
            rows.append("</td><td class=\"st s-flaky\">flaky</td><td class=\"num\">")
            rows.appendTrusted(String(format: "%.2f", test.flipRate))
            rows.append("</td><td>")
            rows.appendTrusted(
                "\(Counted.noun(test.flips, "flip")), \(test.retriesPassed) passed on a retry, in the last "
                    + Counted.noun(test.runs, "run"))
            rows.append("</td></tr>")
        }
        return rows.string
    }
}
