import ResultModel
import ResultSupport

/// The coverage tree as nested `<details>`, like the test tree on the index: modules (open), their folders
/// (closed) and files, each with its bar and uncovered lines. Every `<li>` carries its share (`data-rate`, in
/// thousandths; `-1` without lines) and uncovered lines (`data-miss`) so that the script can re-sort a level in
/// place, and a file its path (`data-path`) for the filter; without the script the page is complete in its order.
/// A page of a paged tree (`data-cov-paged`) holds a slice of one order, so the script leaves its order alone.
enum CoverageTreeHTML {
    /// The markup of the files at `positions` (positions in ``CoverageTree/pathOrder``, as
    /// ``CoverageTree/positions(in:)`` orders them) with their modules and folders: a page of the tree. A module or
    /// folder cut by a page's edge is shown on both pages, with its totals for all of its files. Links are relative
    /// to the report's root as `href` makes them.
    static func html(
        _ tree: CoverageTree, positions: ArraySlice<Int32>, paged: Bool, href: (String) -> String
    ) -> String {
        var html = OutputBuffer(capacity: 160 * positions.count + 4096)
        html.append(
            paged
                ? "<ul class=\"tree cov-tree\" data-cov-tree data-cov-paged>"
                : "<ul class=\"tree cov-tree\" data-cov-tree>")
        var module: Int32 = -1
        var folder: Int32 = -1
        var folderIsOpen = false
        for position in positions {
            let folderIndex = tree.folderOfPosition[Int(position)]
            let row = Int(tree.pathOrder[Int(position)])
            if folderIndex != folder {
                if folderIsOpen { html.append("</ul></details></li>") }
                let owner = tree.folders[Int(folderIndex)].owner
                let place = tree.table.place(of: row)
                if owner != module {
                    if module >= 0 { html.append("</ul></details></li>") }
                    appendNodeStart(tree.modules[Int(owner)], to: &html)
                    html.append("><details class=\"module\" open><summary>")
                    appendSummary(place.module, tree.modules[Int(owner)], to: &html)
                    html.append("</summary><ul>")
                    module = owner
                }
                folder = folderIndex
                folderIsOpen = !place.folder.isEmpty
                if folderIsOpen {
                    appendNodeStart(tree.folders[Int(folderIndex)], to: &html)
                    html.append("><details class=\"folder\"><summary>")
                    appendSummary(place.folder, tree.folders[Int(folderIndex)], to: &html)
                    html.append("</summary><ul class=\"leaves\">")
                }
            }
            appendFile(tree.table, row: row, href: href, to: &html)
        }
        if folderIsOpen { html.append("</ul></details></li>") }
        if module >= 0 { html.append("</ul></details></li>") }
        html.append("</ul>")
        return html.string
    }

    /// `<li data-rate data-miss>` of a node.
    private static func appendNodeStart(_ group: CoverageTree.Group, to html: inout OutputBuffer) {
        appendNodeStart(found: group.linesFound, hit: group.linesHit, to: &html)
    }

    private static func appendNodeStart(found: Int, hit: Int, to html: inout OutputBuffer) {
        html.append("<li data-rate=\"")
        let rate = CoverageNumbers.rate(hit, of: found)
        html.appendDecimal(rate.map { Int(($0 * 1000).rounded(.down)) } ?? -1)
        html.append("\" data-miss=\"")
        html.appendDecimal(found - hit)
        html.append("\"")
    }

    private static func appendSummary(_ name: String, _ group: CoverageTree.Group, to html: inout OutputBuffer) {
        html.append("<span class=\"node-name\">")
        html.appendEscapedHTML(DisplayText.clean(name))
        html.append("</span> ")
        appendNumbers(found: group.linesFound, hit: group.linesHit, to: &html)
    }

    private static func appendFile(
        _ table: CoverageFileTable, row: Int, href: (String) -> String, to html: inout OutputBuffer
    ) {
        let file = table.rows[row]
        let path = table.path(of: row)
        let name = table.place(of: row).name
        appendNodeStart(found: file.linesFound, hit: file.linesHit, to: &html)
        html.append(" class=\"cov-file\" data-path=\"")
        html.appendEscapedHTML(path)
        html.append("\">")
        if file.pageNumber > 0 {
            html.append("<a class=\"node-name\" href=\"")
            html.appendEscapedHTML(href(CoveragePageNames.pagePath(for: path, number: Int(file.pageNumber))))
            html.append("\">")
            html.appendEscapedHTML(DisplayText.clean(name))
            html.append("</a> ")
        } else {
            html.append("<span class=\"node-name\">")
            html.appendEscapedHTML(DisplayText.clean(name))
            html.append("</span> ")
        }
        appendNumbers(found: file.linesFound, hit: file.linesHit, to: &html)
        html.append("</li>")
    }

    /// The node's bar and its uncovered lines: `73.2% 12 uncovered of 45`.
    private static func appendNumbers(found: Int, hit: Int, to html: inout OutputBuffer) {
        CoverageBarHTML.append(hit: hit, found: found, noun: nil, to: &html)
        guard found > 0 else { return }
        html.append(" <span class=\"node-counts\">")
        html.appendTrusted(NumberText.count(found - hit))
        html.append(" of ")
        html.appendTrusted(Counted.noun(found, "line"))
        html.append(" uncovered</span>")
    }
}
