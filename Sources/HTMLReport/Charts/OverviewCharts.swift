import ResultModel
import ResultSupport

/// The index's two small charts as inline SVG: the proportion of each status in one bar, and the histogram of test
/// durations. Only numbers computed here and fixed labels reach the markup; no string from a bundle does.
/// Sizes and positions are SVG attributes, colors come from `report.css` classes (the CSP allows no inline style).
enum OverviewCharts {
    /// One segment of the proportion bar.
    struct Segment: Equatable {
        var status: String
        var label: String
        var count: Int
    }

    /// The segments of the proportion bar for `totals`, failures first, zero counts left out.
    static func segments(_ totals: ResultTotals) -> [Segment] {
        let other = totals.tests - totals.passed - totals.failed - totals.skipped - totals.expectedFailures
        return [
            Segment(status: "failed", label: "failed", count: totals.failed),
            Segment(status: "expectedFailure", label: "expected failures", count: totals.expectedFailures),
            Segment(status: "skipped", label: "skipped", count: totals.skipped),
            Segment(status: "passed", label: "passed", count: totals.passed),
            Segment(status: "unknown", label: "other", count: max(0, other)),
        ].filter { $0.count > 0 }
    }

    /// Widths (out of `width`) of segments with these counts: proportional, but at least `minimum` each, so that
    /// 1 failure in 100,000 tests still shows; the widest segment gives up what the small ones gain.
    static func widths(_ counts: [Int], width: Int = 1000, minimum: Int = 4) -> [Int] {
        let total = counts.reduce(0, +)
        guard total > 0 else { return counts.map { _ in 0 } }
        var widths = counts.map { count in count == 0 ? 0 : max(minimum, count * width / total) }
        if let widest = widths.indices.max(by: { widths[$0] < widths[$1] }) {
            widths[widest] += width - widths.reduce(0, +)
        }
        return widths
    }

    /// `12.5%` with one decimal (`< 0.1%` for a small non-zero share).
    static func percent(_ count: Int, of total: Int) -> String {
        guard total > 0 else { return "0%" }
        let tenths = (count * 1000 + total / 2) / total
        if tenths == 0 && count > 0 { return "< 0.1%" }
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// The proportion bar: an SVG of one rect per status with a `<title>`, then the same numbers as text.
    static func statusBarHTML(_ totals: ResultTotals) -> String {
        let segments = segments(totals)
        guard !segments.isEmpty else { return "" }
        let widths = widths(segments.map(\.count))
        let described = segments.map { "\(NumberText.count($0.count)) \($0.label)" }.joined(separator: ", ")
        var html =
            "<svg class=\"status-bar\" viewBox=\"0 0 1000 24\" width=\"100%\" height=\"24\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"Tests by status: \(described)\">"
        var x = 0
        for (segment, width) in zip(segments, widths) {
            html += "<rect class=\"bar-\(segment.status)\" x=\"\(x)\" y=\"0\" width=\"\(width)\" height=\"24\">"
            html +=
                "<title>\(segment.label): \(NumberText.count(segment.count)) (\(percent(segment.count, of: totals.tests)))</title>"
            html += "</rect>"
            x += width
        }
        html += "</svg>\n<ul class=\"bar-legend\">"
        for segment in segments {
            html +=
                "<li><span class=\"st s-\(segment.status)\">\(segment.label)</span> \(NumberText.count(segment.count)) "
            html += "(\(percent(segment.count, of: totals.tests)))</li>"
        }
        return html + "</ul>"
    }

    /// The duration histogram: one bar per bucket (failures stacked at its foot), counts above the bars, bucket
    /// labels under them, titled axes; then a table of the same counts for reading without the picture.
    static func histogramHTML(_ histogram: DurationHistogram) -> String {
        guard histogram.total > 0 else { return "" }
        let buckets = DurationHistogram.buckets
        let (width, height, left, right, top, bottom) = (640, 230, 56, 8, 22, 52)
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let slot = plotWidth / buckets.count
        let highest = max(1, histogram.counts.max() ?? 1)
        func barHeight(_ count: Int) -> Int { count == 0 ? 0 : max(1, count * plotHeight / highest) }
        let base = top + plotHeight
        var html =
            "<svg class=\"histogram\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-labelledby=\"histogram-title\">"
        html += "<title id=\"histogram-title\">Tests by duration, \(histogram.total) tests in log-scale buckets</title>"
        html += "<g class=\"axis\"><line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(base)\"/>"
        html += "<line x1=\"\(left)\" y1=\"\(base)\" x2=\"\(width - right)\" y2=\"\(base)\"/></g>"
        html += "<text class=\"tick\" x=\"\(left - 6)\" y=\"\(base)\" text-anchor=\"end\">0</text>"
        html += "<text class=\"tick\" x=\"\(left - 6)\" y=\"\(top + 4)\" text-anchor=\"end\">\(highest)</text>"
        html += "<text class=\"axis-title\" x=\"14\" y=\"\(top + plotHeight / 2)\" text-anchor=\"middle\" "
        html += "transform=\"rotate(-90 14 \(top + plotHeight / 2))\">Tests</text>"
        for (index, bucket) in buckets.enumerated() {
            let count = histogram.counts[index]
            let failed = histogram.failures[index]
            let x = left + index * slot + 4
            let barWidth = slot - 8
            let total = barHeight(count)
            let failing = failed == 0 ? 0 : max(1, min(total, failed * plotHeight / highest))
            let center = x + barWidth / 2
            html +=
                "<g><title>\(HTMLEscaping.escape(bucket.label)): \(NumberText.count(count)) \(count == 1 ? "test" : "tests")"
            html += failed > 0 ? ", \(failed) failed</title>" : "</title>"
            html +=
                "<rect class=\"bar-all\" x=\"\(x)\" y=\"\(base - total)\" width=\"\(barWidth)\" height=\"\(total)\"/>"
            if failing > 0 {
                html +=
                    "<rect class=\"bar-failed\" x=\"\(x)\" y=\"\(base - failing)\" width=\"\(barWidth)\" height=\"\(failing)\"/>"
            }
            html +=
                "<text class=\"count\" x=\"\(center)\" y=\"\(base - total - 4)\" text-anchor=\"middle\">\(NumberText.count(count))</text>"
            html +=
                "<text class=\"tick\" x=\"\(center)\" y=\"\(base + 16)\" text-anchor=\"middle\">\(HTMLEscaping.escape(bucket.label))</text></g>"
        }
        html += "<text class=\"axis-title\" x=\"\(left + plotWidth / 2)\" y=\"\(height - 8)\" text-anchor=\"middle\">"
        html += "Duration per test (log scale)</text></svg>\n"
        html += "<details class=\"histogram-table\"><summary>The histogram as a table</summary><table>"
        html += "<thead><tr><th scope=\"col\">Duration</th><th scope=\"col\" class=\"num\">Tests</th>"
        html += "<th scope=\"col\" class=\"num\">Failed</th></tr></thead><tbody>"
        for (index, bucket) in buckets.enumerated() {
            html +=
                "<tr><td>\(HTMLEscaping.escape(bucket.label))</td><td class=\"num\">\(NumberText.count(histogram.counts[index]))</td>"
            html += "<td class=\"num\">\(NumberText.count(histogram.failures[index]))</td></tr>"
        }
        html += "</tbody></table>"
        if histogram.withoutDuration > 0 {
            html += "<p>\(NumberText.count(histogram.withoutDuration)) tests have no duration.</p>"
        }
        return html + "</details>"
    }
}
