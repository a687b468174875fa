import ResultModel

/// Draws a test's attempts (retries, repetitions) as a timeline: one row an attempt, in order, each a link to the
/// attempt's section (`#attempt-N`) with its status as an icon and a word, its duration, its start offset from the
/// first attempt when the bundle knows when each began, and a bar showing when it ran within all of them.
///
/// When a start is missing, the attempts are drawn one after the other (each bar starting where the previous one
/// ended) and no offsets are written, since they would be guesses.
enum AttemptTimelineHTML {
    /// Width of each row's bar, in pixels.
    static let barWidth = 240

    /// The timeline, or `nil` for a test with fewer than two attempts; `idPrefix` is what the page's ids start with
    /// (``LinkStyle/idPrefix(ofPage:)``).
    static func render(_ attempts: [TestAttempt], idPrefix: String = "") -> String? {
        guard attempts.count > 1 else { return nil }
        let shown = Array(attempts.prefix(1000))
        let starts = shown.compactMap { $0.start.flatMap { $0.isFinite ? $0 : nil } }
        let startsAreKnown = starts.count == shown.count
        let origin = starts.min() ?? 0
        var offsets: [Double] = []
        var cursor = 0.0
        for attempt in shown {
            let duration = finiteDuration(attempt)
            offsets.append(startsAreKnown ? (attempt.start ?? origin) - origin : cursor)
            cursor += duration
        }
        let total = zip(shown, offsets).map { finiteDuration($0) + $1 }.max() ?? 0
        var html = OutputBuffer(capacity: 256 * shown.count)
        html.append("<ol class=\"attempt-timeline\">")
        for (index, attempt) in shown.enumerated() {
            let number = index + 1
            let status = attempt.status.rawValue
            html.append("<li><a href=\"#")
            html.appendTrusted(idPrefix)
            html.append("attempt-")
            html.appendDecimal(number)
            html.append("\"><span class=\"attempt-name\">Attempt ")
            html.appendDecimal(number)
            html.append("</span> <span class=\"badge st s-")
            html.appendTrusted(status)
            html.append("\">")
            html.appendTrusted(status)
            html.append("</span> <span class=\"num\">")
            html.appendTrusted(ReportFormatting.duration(attempt.duration))
            html.append("</span>")
            if startsAreKnown {
                html.append(" <span class=\"offset\">started at +")
                html.appendTrusted(ReportFormatting.duration(offsets[index]))
                html.append("</span>")
            }
            html.append("</a>")
            html.appendTrusted(
                bar(offset: offsets[index], duration: finiteDuration(attempt), total: total, status: status))
            html.append("</li>")
        }
        html.append("</ol>")
        if attempts.count > shown.count {
            html.append("<p class=\"hint\">The first 1000 attempts.</p>")
        }
        return html.string
    }

    private static func finiteDuration(_ attempt: TestAttempt) -> Double {
        guard let duration = attempt.duration, duration.isFinite, duration > 0 else { return 0 }
        return duration
    }

    /// A bar the width of all attempts together, with this attempt's share drawn where it ran.
    private static func bar(offset: Double, duration: Double, total: Double, status: String) -> String {
        var svg = "<svg class=\"attempt-bar s-\(status)\" width=\"\(barWidth)\" height=\"10\" aria-hidden=\"true\">"
        svg += "<rect class=\"track\" width=\"\(barWidth)\" height=\"10\" rx=\"3\" fill=\"#8884\"/>"
        if total > 0 {
            let left = Int((min(1, max(0, offset / total)) * Double(barWidth)).rounded())
            let width = max(2, Int((min(1, max(0, duration / total)) * Double(barWidth)).rounded()))
            svg += "<rect x=\"\(min(left, barWidth - 2))\" width=\"\(min(width, barWidth - min(left, barWidth - 2)))\" "
            svg += "height=\"10\" rx=\"3\" fill=\"currentColor\"/>"
        }
        return svg + "</svg>"
    }
}
