import ResultModel

/// A share of lines, functions or branches hit, drawn as a bar with its percentage written beside it (the colour
/// says only what the text says): one SVG rectangle on the SVG's own background, sized by attributes because the
/// report's Content-Security-Policy allows no inline styles.
enum CoverageBarHTML {
    /// Appends `<span class="cov-bar">` with the bar, `73.2%` and, with `noun`, `(30 of 41 lines)`; `no lines`
    /// when nothing was found.
    static func append(hit: Int, found: Int, noun: String?, to html: inout OutputBuffer) {
        html.append("<span class=\"cov-bar\">")
        guard let percent = CoveragePercent.text(hit: hit, found: found),
            let rate = CoverageNumbers.rate(hit, of: found)
        else {
            html.append("<span class=\"cov-none\">")
            html.appendTrusted(noun.map { "no \($0)s" } ?? "none")
            html.append("</span></span>")
            return
        }
        // The track is the SVG's own background (CSS), so a bar is one rectangle: the tree has one per file.
        html.append("<svg width=\"100\" height=\"8\" aria-hidden=\"true\"><rect class=\"")
        html.append(rate >= 0.8 ? "cov-hi" : rate >= 0.5 ? "cov-mid" : "cov-lo")
        html.append("\" width=\"")
        // The width rounded down as the percentage is, so the bar never shows more than the text.
        let tenths = Int((rate * 1000).rounded(.down))
        html.appendTrusted("\(tenths / 10).\(tenths % 10)")
        html.append("\" height=\"8\"/></svg> <span class=\"cov-pct\">")
        html.appendTrusted(percent)
        html.append("</span>")
        if let noun {
            html.append(" <span class=\"cov-count\">(")
            html.appendTrusted(CoverageNumbers.counted(hit, of: found, noun))
            html.append(")</span>")
        }
        html.append("</span>")
    }

    /// The three totals as a definition list: lines, functions and branches, each with its bar.
    static func totals(_ totals: CoverageTotals, to html: inout OutputBuffer) {
        html.append("<dl class=\"cov-totals\">")
        for (label, hit, found, noun) in [
            ("Lines", totals.linesHit, totals.linesFound, "line"),
            ("Functions", totals.functionsHit, totals.functionsFound, "function"),
            ("Branches", totals.branchesHit, totals.branchesFound, "branch outcome"),
        ] {
            html.append("<dt>")
            html.appendTrusted(label)
            html.append("</dt><dd>")
            append(hit: hit, found: found, noun: noun, to: &html)
            html.append("</dd>")
        }
        html.append("</dl>")
    }
}
