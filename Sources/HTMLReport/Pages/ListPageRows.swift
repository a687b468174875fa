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

    /// Appends the table row of `test` in `list`, its links in the style `links`; `root` is the relative path from
    /// the page to the report's root. `namesPlace` adds the test's run, module and suite under its name, for lists
    /// not grouped by suite (the failed list, grouped by cause).
    static func appendRow(
        _ test: TestSummary, root: StaticString, list: List = .allTests, links: LinkStyle = .files,
        namesPlace: Bool = false, to html: inout OutputBuffer
    ) {
        let status = test.status.rawValue
        let statusPage = test.statusListPlace
        let allTestsPage = ListPage(list: .all, number: test.listPage)
        html.append("<tr id=")
        html.appendRowID(
            test.anchorHash, on: list == .byStatus ? statusPage ?? allTestsPage : allTestsPage, links: links)
        html.append("><td>")
        let link = test.hasPage || list == .byStatus || statusPage != nil
        if link {
            html.append("<a href=")
            if list == .byStatus && !test.hasPage {
                html.appendHref(toRow: test.anchorHash, on: allTestsPage, from: root, links: links)
            } else {
                if links == .files { html.append(root) }
                html.appendHref(test, links: links)
            }
            html.append(">")
        }
        html.appendEscapedHTML(test.name)
        if link { html.append("</a>") }
        if namesPlace {
            html.append(" <span class=place>")
            html.appendEscapedHTML(test.groupKey)
            html.append("</span>")
        }
        if let label = test.historyLabel {
            html.append(" <span class=history-label>")
            html.appendEscapedHTML(DisplayText.clean(label))
            html.append("</span>")
        }
        if let strip = test.historyStripHTML { html.appendTrusted(strip) }
        // A passed test's status cell has no class: the stylesheet draws a status cell without one as passed, which
        // saves 13 bytes on the most common row (13 MB of a 1,000,000-test report).
        if test.status == .passed {
            html.append("<td>")
        } else {
            html.append("<td class=")
            html.appendEscapedHTML(status)
            html.append(">")
        }
        html.appendEscapedHTML(ReportFormatting.statusWords(test.status))
        html.append("<td>")
        html.appendTrusted(ReportFormatting.duration(test.duration))
        if list == .byStatus || statusPage == nil {
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
    static func row(
        _ test: TestSummary, root: StaticString, list: List = .allTests, links: LinkStyle = .files
    ) -> String {
        var html = OutputBuffer()
        appendRow(test, root: root, list: list, links: links, to: &html)
        return html.string
    }
}
