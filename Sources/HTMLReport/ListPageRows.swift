/// Builds the rows of list pages with our own escaping: rows are the one place the report repeats per test, and
/// building them directly keeps 100,000-test reports fast. Every value is escaped or computed here.
enum ListPageRows {
    static func row(_ test: TestSummary, root: String) -> String {
        let status = test.status.rawValue
        let link = test.hasPage ? root + test.href : "\(root)all-\(test.listPage).html#" + test.anchor
        var html = "<tr id=\"\(test.anchor)\" data-status=\"\(status)\"><td><a href=\"\(HTMLEscaping.escape(link))\">"
        html += HTMLEscaping.escape(test.name)
        html += "</a></td><td class=\"s-\(status)\">\(status)</td><td class=\"num\">"
        html += ReportFormatting.duration(test.duration)
        html += "</td><td>"
        if let message = test.failureMessage {
            html += HTMLEscaping.escape(ReportFormatting.firstLines(message, lines: 2, limit: 200))
            if let location = test.failureLocation { html += " <code>\(HTMLEscaping.escape(location))</code>" }
        }
        return html + "</td></tr>\n"
    }

    /// Groups consecutive tests with the same group key, in order.
    static func groups(_ tests: ArraySlice<TestSummary>, root: String) -> [GroupModel] {
        var groups: [GroupModel] = []
        var currentKey: String?
        var rows = ""
        for test in tests {
            if test.groupKey != currentKey {
                if let currentKey { groups.append(GroupModel(title: currentKey, rowsHTML: rows)) }
                currentKey = test.groupKey
                rows = ""
            }
            rows += row(test, root: root)
        }
        if let currentKey { groups.append(GroupModel(title: currentKey, rowsHTML: rows)) }
        return groups
    }
}
