import ResultModel
import ResultSupport

/// The coverage tree as nested `<details>`, like the test tree on the index: modules (open), their folders
/// (closed) and files, each with its bar and uncovered lines. Every `<li>` carries its share (`data-rate`, in
/// thousandths; `-1` without lines) and uncovered lines (`data-miss`) so that the script can re-sort a level in
/// place, and a file its path (`data-path`) for the filter; without the script the page is complete in its order.
enum CoverageTreeHTML {
    /// The tree's markup, its links relative to the report's root as `href` makes them.
    static func html(_ tree: CoverageTree, href: (String) -> String) -> String {
        var html = OutputBuffer(capacity: 256 * tree.modules.count + 4096)
        html.append("<ul class=\"tree cov-tree\" data-cov-tree>")
        for module in tree.modules {
            appendNodeStart(module.totals, to: &html)
            html.append("><details class=\"module\" open><summary>")
            appendSummary(module.name, module.totals, to: &html)
            html.append("</summary><ul>")
            for folder in module.folders {
                if folder.name.isEmpty {
                    for file in folder.files { appendFile(file, href: href, to: &html) }
                    continue
                }
                appendNodeStart(folder.totals, to: &html)
                html.append("><details class=\"folder\"><summary>")
                appendSummary(folder.name, folder.totals, to: &html)
                html.append("</summary><ul class=\"leaves\">")
                for file in folder.files { appendFile(file, href: href, to: &html) }
                html.append("</ul></details></li>")
            }
            html.append("</ul></details></li>")
        }
        html.append("</ul>")
        return html.string
    }

    /// `<li data-rate data-miss>` of a node.
    private static func appendNodeStart(_ totals: CoverageTotals, to html: inout OutputBuffer) {
        html.append("<li data-rate=\"")
        let rate = CoverageNumbers.rate(totals.linesHit, of: totals.linesFound)
        html.appendDecimal(rate.map { Int(($0 * 1000).rounded(.down)) } ?? -1)
        html.append("\" data-miss=\"")
        html.appendDecimal(totals.linesFound - totals.linesHit)
        html.append("\"")
    }

    private static func appendSummary(_ name: String, _ totals: CoverageTotals, to html: inout OutputBuffer) {
        html.append("<span class=\"node-name\">")
        html.appendEscapedHTML(DisplayText.clean(name))
        html.append("</span> ")
        appendNumbers(totals, to: &html)
    }

    private static func appendFile(_ file: CoverageTree.File, href: (String) -> String, to html: inout OutputBuffer) {
        appendNodeStart(file.totals, to: &html)
        html.append(" class=\"cov-file\" data-path=\"")
        html.appendEscapedHTML(file.path)
        html.append("\">")
        if let page = file.page {
            html.append("<a class=\"node-name\" href=\"")
            html.appendEscapedHTML(href(page))
            html.append("\">")
            html.appendEscapedHTML(DisplayText.clean(file.name))
            html.append("</a> ")
        } else {
            html.append("<span class=\"node-name\">")
            html.appendEscapedHTML(DisplayText.clean(file.name))
            html.append("</span> ")
        }
        appendNumbers(file.totals, to: &html)
        html.append("</li>")
    }

    /// The node's bar and its uncovered lines: `73.2% 12 uncovered of 45`.
    private static func appendNumbers(_ totals: CoverageTotals, to html: inout OutputBuffer) {
        CoverageBarHTML.append(hit: totals.linesHit, found: totals.linesFound, noun: nil, to: &html)
        guard totals.linesFound > 0 else { return }
        html.append(" <span class=\"node-counts\">")
        html.appendTrusted(NumberText.count(totals.linesFound - totals.linesHit))
        html.append(" of ")
        html.appendTrusted(Counted.noun(totals.linesFound, "line"))
        html.append(" uncovered</span>")
    }
}
