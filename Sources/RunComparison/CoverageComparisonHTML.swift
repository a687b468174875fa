import ResultSupport

/// The coverage change on the compare page: the totals, then a table of the files whose coverage changed, falls
/// first; nothing when a side has no coverage.
enum CoverageComparisonHTML {
    /// The most files listed; the JSON has them all.
    static let limit = 10_000

    static func section(_ coverage: CoverageComparison?) -> String {
        guard let coverage else { return "" }
        var html = "<section aria-labelledby=\"coverage\"><h2 id=\"coverage\">Coverage</h2>\n<p>"
        html += HTMLEscaping.escape(CoverageComparisonText.totals(coverage)) + "</p>\n"
        guard !coverage.files.isEmpty else { return html + "<p>No file's coverage changed.</p></section>\n" }
        html += "<table class=\"compare\"><thead><tr><th scope=\"col\">File</th><th scope=\"col\">BASE</th>"
        html += "<th scope=\"col\">HEAD</th><th scope=\"col\">Change</th></tr></thead><tbody>"
        for file in coverage.files.prefix(limit) {
            let change = file.linePointsChange
            let status = (change ?? 0) < 0 ? " s-failed" : ""
            html += "<tr><td>" + HTMLEscaping.escape(DisplayText.clean(file.path)) + "</td>"
            html += "<td class=\"num\">" + (file.base.map(CoverageComparisonText.percent) ?? "absent") + "</td>"
            html += "<td class=\"num\">" + (file.head.map(CoverageComparisonText.percent) ?? "absent") + "</td>"
            html +=
                "<td class=\"num status\(status)\">" + (change.map(CoverageComparisonText.points) ?? "") + "</td></tr>"
        }
        html += "</tbody></table>"
        if coverage.files.count > limit {
            html += "<p>… and \(NumberText.count(coverage.files.count - limit)) more (see the JSON).</p>"
        }
        return html + "</section>\n"
    }
}
