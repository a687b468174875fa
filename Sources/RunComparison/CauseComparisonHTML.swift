import ResultSupport

/// HEAD's failure causes on the compare page, drawn as the report's index draws its causes (`ol.causes`, the same
/// classes, so the report's stylesheet applies): new causes first, each with its count, a `new` or `seen in BASE`
/// badge (a word, not a color), its message once, and its tests behind a `<details>` disclosure, which opens without
/// script. Each cause is anchored `#cause-<id>`, the id the report gives the same cause.
enum CauseComparisonHTML {
    /// The section, or nothing when HEAD has no failure; `testHref` gives where a test's key links, when anywhere.
    static func section(_ causes: CauseComparison?, testHref: (String) -> String?) -> String {
        guard let causes, !(causes.newCauses.isEmpty && causes.seenInBase.isEmpty) else { return "" }
        var html =
            "<section aria-labelledby=\"causes\" class=\"causes\"><h2 id=\"causes\">Failure causes in HEAD</h2>\n"
        var summary =
            "<p>\(NumberText.count(causes.newCauses.count)) new, "
            + "\(NumberText.count(causes.seenInBase.count)) seen in BASE"
        if causes.goneCount > 0 { summary += ", \(Counted.noun(causes.goneCount, "cause")) of BASE gone" }
        html += summary + ".</p>\n<ol class=\"causes\">"
        let shown = causes.newCauses.map { (true, $0) } + causes.seenInBase.map { (false, $0) }
        for (isNew, cause) in shown {
            html += "<li class=\"cause\" id=\"cause-\(HTMLEscaping.escape(cause.id))\"><p>"
            html += "<span class=\"cause-count\">\(Counted.noun(cause.count, "failure"))</span> "
            html +=
                isNew
                ? "<span class=\"cause-age new\">new</span>"
                : "<span class=\"cause-age seen\">seen in BASE</span> "
                    + "<span class=\"place\">\(Counted.noun(cause.baseCount, "failure")) there</span>"
            html += "</p><pre class=\"message\">\(HTMLEscaping.escape(DisplayText.clean(cause.message)))</pre>"
            html += "<details><summary>Tests with this cause</summary><ul>"
            for test in cause.tests {
                let name = HTMLEscaping.escape(DisplayText.clean(test))
                if let href = testHref(test) {
                    html += "<li><a href=\"\(HTMLEscaping.escape(href))\">\(name)</a></li>"
                } else {
                    html += "<li>\(name)</li>"
                }
            }
            html += "</ul>"
            if cause.count > cause.tests.count {
                html += "<p>… and \(Counted.noun(cause.count - cause.tests.count, "more test")) (see the JSON).</p>"
            }
            html += "</details></li>\n"
        }
        return html + "</ol></section>\n"
    }
}
