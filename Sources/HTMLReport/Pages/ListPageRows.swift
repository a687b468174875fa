import ResultSupport

/// Builds the rows of list pages with our own escaping: rows are the one place the report repeats per test, and
/// writing them straight into bytes keeps 1,000,000-test reports small and fast. Every value is escaped or computed
/// here.
///
/// Rows are compact HTML: attribute values that need no quotes go without them, and the optional end tags of cells
/// and rows (`</td>`, `</tr>`) and the line breaks between rows are left out, which browsers read as the same table. A row shows the test's name, its
/// status as a word (`<td class=STATUS>STATUS`, drawn with an icon by the stylesheet as `.st.s-STATUS` is), its duration and its
/// detail; the detail cell is left out when empty. A test's story is shown once: in its row of `failed.html` or
/// `skipped.html` when it failed or was skipped, otherwise in its row of the all-tests list (or on its own page).
/// The name is a link only when it leads elsewhere, never to the row itself.
enum ListPageRows {
    /// Which list a row is in.
    enum List {
        /// `all-N.html`: every test. A failed or skipped test's row links to its row in `failed.html` or
        /// `skipped.html`, which shows its story.
        case allTests
        /// `failed.html` or `skipped.html`: each row shows the test's story and links to the test's place in the
        /// all-tests list.
        case byStatus
    }

    /// Appends the table row of `test` in `list`; `root` is the relative path from the page to the report's root.
    static func appendRow(
        _ test: TestSummary, root: StaticString, list: List = .allTests, to html: inout OutputBuffer
    ) {
        let status = test.status.rawValue
        let isListedByStatus = test.status.isFailure || test.status == .skipped
        html.append("<tr id=")
        html.appendAnchor(test.anchorHash)
        html.append("><td>")
        let link = test.hasPage || list == .byStatus || isListedByStatus
        if link {
            html.append("<a href=")
            html.append(root)
            if list == .byStatus && !test.hasPage {
                html.append("all-")
                html.appendDecimal(test.listPage)
                html.append(".html#")
                html.appendAnchor(test.anchorHash)
            } else {
                html.appendHref(test)
            }
            html.append(">")
        }
        html.appendEscapedHTML(test.name)
        if link { html.append("</a>") }
        if let label = test.historyLabel {
            html.append(" <span class=history-label>")
            html.appendEscapedHTML(DisplayText.clean(label))
            html.append("</span>")
        }
        if let strip = test.historyStripHTML { html.appendTrusted(strip) }
        html.append("<td class=")
        html.appendEscapedHTML(status)
        html.append(">")
        html.appendEscapedHTML(status)
        html.append("<td>")
        html.appendTrusted(ReportFormatting.duration(test.duration))
        if list == .byStatus || !isListedByStatus {
            if let cell = test.detail {
                html.append("<td>")
                html.append(cell)
            } else if let message = test.failureMessage {
                html.append("<td>")
                html.appendEscapedHTML(ReportFormatting.firstLines(message, lines: 2, limit: 200))
                if let location = test.failureLocation {
                    html.append(" <code>")
                    html.appendEscapedHTML(location)
                    html.append("</code>")
                }
            }
        }
    }

    /// The row of `test` alone, as a string (for tests and callers outside the list pages).
    static func row(_ test: TestSummary, root: StaticString, list: List = .allTests) -> String {
        var html = OutputBuffer()
        appendRow(test, root: root, list: list, to: &html)
        return html.string
    }
}
