import ResultSupport

/// Builds the rows of list pages with our own escaping: rows are the one place the report repeats per test, and
/// writing them straight into bytes keeps 1,000,000-test reports small and fast. Every value is escaped or computed
/// here.
///
/// Rows are compact HTML: attribute values that need no quotes go without them, and the optional end tags of cells
/// and rows (`</td>`, `</tr>`) are left out, which browsers read as the same table. A row shows the test's name (a
/// link when the name leads elsewhere: its own page, or from `failed.html` and `skipped.html` to its full row in the
/// all-tests list; never a link to the row itself), its status as a word (`<td class="st s-STATUS">STATUS`, drawn
/// with an icon by the stylesheet), its duration and its detail. The detail cell is left out when empty.
enum ListPageRows {
    /// How much of a test's story a row shows.
    enum Detail {
        /// Everything the test has (``RowDetail``): the row in the all-tests list.
        case full
        /// The first lines of its failure message or reason and its location, with the name linking to the full
        /// row: the rows of `failed.html` and `skipped.html`, which list what to look at.
        case summary
    }

    /// Appends the table row of `test`; `root` is the relative path from the page to the report's root.
    static func appendRow(_ test: TestSummary, root: StaticString, detail: Detail = .full, to html: inout OutputBuffer)
    {
        let status = test.status.rawValue
        html.append("<tr id=")
        html.appendAnchor(test.anchorHash)
        html.append("><td>")
        let linksElsewhere = test.hasPage || detail == .summary
        if linksElsewhere {
            html.append("<a href=")
            html.append(root)
            html.appendHref(test)
            html.append(">")
        }
        html.appendEscapedHTML(test.name)
        if linksElsewhere { html.append("</a>") }
        if let label = test.historyLabel {
            html.append(" <span class=history-label>")
            html.appendEscapedHTML(DisplayText.clean(label))
            html.append("</span>")
        }
        if let strip = test.historyStripHTML { html.appendTrusted(strip) }
        html.append("<td class=\"st s-")
        html.appendEscapedHTML(status)
        html.append("\">")
        html.appendEscapedHTML(status)
        html.append("<td>")
        html.appendTrusted(ReportFormatting.duration(test.duration))
        switch detail {
        case .full:
            if let cell = test.detail {
                html.append("<td>")
                html.append(cell)
            } else if test.failureMessage != nil {
                appendSummary(test, to: &html)
            }
        case .summary:
            if test.failureMessage != nil { appendSummary(test, to: &html) }
        }
        html.append("\n")
    }

    /// The detail cell with the first lines of the failure message or reason and its location.
    private static func appendSummary(_ test: TestSummary, to html: inout OutputBuffer) {
        guard let message = test.failureMessage else { return }
        html.append("<td>")
        html.appendEscapedHTML(ReportFormatting.firstLines(message, lines: 2, limit: 200))
        if let location = test.failureLocation {
            html.append(" <code>")
            html.appendEscapedHTML(location)
            html.append("</code>")
        }
    }

    /// The row of `test` alone, as a string (for tests and callers outside the list pages).
    static func row(_ test: TestSummary, root: StaticString, detail: Detail = .full) -> String {
        var html = OutputBuffer()
        appendRow(test, root: root, detail: detail, to: &html)
        return html.string
    }
}
