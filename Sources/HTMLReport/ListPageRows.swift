import ResultSupport

/// Builds the rows of list pages with our own escaping: rows are the one place the report repeats per test, and
/// writing them straight into bytes keeps 100,000-test reports fast. Every value is escaped or computed here.
enum ListPageRows {
    /// Appends the table row of `test`; `root` is the relative path from the page to the report's root.
    static func appendRow(_ test: TestSummary, root: StaticString, to html: inout OutputBuffer) {
        let status = test.status.rawValue
        html.append("<tr id=\"t-")
        html.appendHex(test.anchorHash)
        html.append("\" data-status=\"")
        html.appendEscapedHTML(status)
        html.append("\"><td><a href=\"")
        html.append(root)
        html.appendHref(test)
        html.append("\">")
        html.appendEscapedHTML(test.name)
        html.append("</a>")
        if let label = test.historyLabel {
            html.append(" <span class=\"history-label\">")
            html.appendEscapedHTML(DisplayText.clean(label))
            html.append("</span>")
        }
        if let strip = test.historyStripHTML { html.appendTrusted(strip) }
        html.append("</td><td class=\"s-")
        html.appendEscapedHTML(status)
        html.append("\">")
        html.appendEscapedHTML(status)
        html.append("</td><td class=\"num\">")
        html.appendTrusted(ReportFormatting.duration(test.duration))
        html.append("</td><td>")
        if let detail = test.detail {
            html.append(detail)
        } else if let message = test.failureMessage {
            html.appendEscapedHTML(ReportFormatting.firstLines(message, lines: 2, limit: 200))
            if let location = test.failureLocation {
                html.append(" <code>")
                html.appendEscapedHTML(location)
                html.append("</code>")
            }
        }
        html.append("</td></tr>\n")
    }

    /// The rows of `test` alone, as a string (for tests and callers outside the list pages).
    static func row(_ test: TestSummary, root: StaticString) -> String {
        var html = OutputBuffer()
        appendRow(test, root: root, to: &html)
        return html.string
    }
}
