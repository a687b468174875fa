import ResultSupport

/// The Flaky page's table: each flaky test of the history (``ReportHistory/flaky``) with its flips, the runs it ran
/// in, the run of its newest flip and its results as a strip; its name links to its page (or its row) when the
/// report has the test.
enum FlakyTableHTML {
    /// The table, or nothing when no test is flaky; `hrefs` maps a flaky test's key to where its name links.
    static func table(_ flaky: [ReportHistory.FlakyTest], hrefs: [String: String]) -> String {
        guard !flaky.isEmpty else { return "" }
        var html = OutputBuffer(capacity: 256 + flaky.count * 400)
        html.append("<div class=\"flaky-scroll\"><table class=\"flaky\"><thead><tr><th scope=\"col\">Test</th>")
        html.append("<th scope=\"col\" class=\"num\">Flips</th><th scope=\"col\" class=\"num\">Runs</th>")
        html.append("<th scope=\"col\" class=\"num\">Passed on a retry</th><th scope=\"col\">Last flip</th>")
        html.append("<th scope=\"col\">Results, oldest first</th></tr></thead><tbody>")
        for test in flaky {
            html.append("<tr><th scope=\"row\" class=\"name\">")
            if let href = hrefs[test.test] {
                html.append("<a href=\"")
                html.appendEscapedHTML(href)
                html.append("\">")
                html.appendEscapedHTML(DisplayText.clean(test.test))
                html.append("</a>")
            } else {
                html.appendEscapedHTML(DisplayText.clean(test.test))
            }
            html.append("</th><td class=\"num\">")
            html.appendDecimal(test.flips)
            html.append("</td><td class=\"num\">")
            html.appendDecimal(test.runs)
            html.append("</td><td class=\"num\">")
            html.appendDecimal(test.retriesPassed)
            html.append("</td><td>")
            html.appendEscapedHTML(test.lastFlip ?? "none")
            html.append("</td><td>")
            html.appendTrusted(
                HistoryHTML.miniStrip(
                    ReportHistory.Trend(statuses: test.statuses, durations: [], label: nil), newest: 30))
            html.append("</td></tr>")
        }
        html.append("</tbody></table></div>")
        return html.string
    }
}
