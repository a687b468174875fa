import ResultModel
import ResultSupport

/// The rows of a file page's function table: name, line (linked to the source when the source has it) and calls,
/// uncalled ones marked. Built as bytes rather than by the template, row by row: a project's pages have a hundred
/// thousand functions, and the template engine's per-field lookups were a third of the coverage pages' time.
enum CoverageFunctionsHTML {
    /// The `<tr>` rows of `functions`; a line links to `#L<line>` when it is at most `lineCount`.
    static func rows(_ functions: [CoveredFunction], lineCount: Int) -> String {
        var html = OutputBuffer(capacity: 128 * functions.count)
        for function in functions {
            html.append(function.count == 0 ? "<tr class=\"u\"><td><code>" : "<tr><td><code>")
            html.appendEscapedHTML(DisplayText.clean(function.name))
            html.append("</code></td><td class=\"num\">")
            if function.line > 0 && Int(function.line) <= lineCount {
                html.append("<a href=\"#L")
                html.appendDecimal(Int(function.line))
                html.append("\">")
                html.appendDecimal(Int(function.line))
                html.append("</a>")
            } else if function.line > 0 {
                html.appendDecimal(Int(function.line))
            }
            html.append("</td><td class=\"num\"><i>")
            html.appendTrusted(CoverageNumbers.hits(function.count))
            html.append("</i></td></tr>\n")
        }
        return html.string
    }
}
