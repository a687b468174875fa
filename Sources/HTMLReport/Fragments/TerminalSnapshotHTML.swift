import ContentHashing
import Foundation
import ResultModel
import ResultSupport

/// The one HTML drawing of a terminal snapshot, used by the report and by `snapshot --format html`: a grid of
/// real, selectable text, one `<span class="row">` per row (scrollback rows first, then the screen), styled runs as
/// `<span>` with the classes of ``TextStyle/classNames`` (24-bit colors become the nearest palette entry), every
/// character escaped.
public enum TerminalSnapshotHTML {
    /// The most rows drawn (the last ones: the screen is always drawn), and the most runs drawn per row.
    public static let rowLimit = 10_000
    public static let runLimit = 4096

    /// The escaped HTML of `snapshot`, a `<pre class="terminal">` element labelled `label` for screen readers.
    public static func render(_ snapshot: TerminalSnapshot, label: String) -> String {
        var html: [UInt8] = []
        html.append(literal: "<pre class=\"terminal\" role=\"img\" aria-label=\"")
        HTMLEscaping.appendEscaped(label, to: &html)
        html.append(contentsOf: Array("\" data-columns=\"\(max(0, snapshot.columns))\" ".utf8))
        html.append(contentsOf: Array("data-rows=\"\(max(0, snapshot.rows))\">".utf8))
        for line in (snapshot.scrollback + snapshot.lines).suffix(rowLimit) {
            html.append(literal: "<span class=\"row\">")
            for run in line.runs.prefix(runLimit) {
                let classes = style(of: run.style).classNames
                if !classes.isEmpty {
                    html.append(literal: "<span class=\"")
                    html.append(contentsOf: Array(classes.utf8))
                    html.append(literal: "\">")
                }
                HTMLEscaping.appendEscaped(run.text, to: &html)
                if !classes.isEmpty { html.append(literal: "</span>") }
            }
            html.append(literal: "</span>\n")
        }
        html.append(literal: "</pre>")
        return String(decoding: html, as: UTF8.self)
    }

    /// A whole HTML document showing `snapshot` in the report's page shell, with the report's terminal and
    /// palette styles inline and a Content-Security-Policy that allows nothing else: what `snapshot --format html`
    /// writes.
    public static func document(
        _ snapshot: TerminalSnapshot, title: String, generator: String = ReportOptions.defaultGenerator
    ) throws -> String {
        let style = TerminalColorsCSS.standalone
        let styleHash = ContentHash.sha256Base64(Data(style.utf8))
        return try PageShell.document(
            title: title,
            contentSecurityPolicy:
                "default-src 'none'; style-src 'sha256-\(styleHash)'; base-uri 'none'; form-action 'none'",
            stylesheet: .inline(style), bodyHTML: render(snapshot, label: title), generator: generator)
    }

    /// The palette style of a snapshot's run.
    static func style(of style: TerminalStyle) -> TextStyle {
        TextStyle(
            foreground: paletteIndex(style.foreground), background: paletteIndex(style.background),
            attributes: style.attributes)
    }

    private static func paletteIndex(_ color: TerminalColor) -> Int? {
        switch color {
        case .default: return nil
        case .indexed(let index): return Int(index)
        case .rgb(let red, let green, let blue): return XtermPalette.nearest(RGB(Int(red), Int(green), Int(blue)))
        }
    }
}
