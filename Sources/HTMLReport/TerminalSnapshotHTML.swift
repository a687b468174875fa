import ResultModel

/// Draws a terminal snapshot as a grid of real, selectable text: one `<span class="row">` per screen row,
/// styled runs as `<span>` with palette classes (24-bit colors map to the nearest palette entry).
public enum TerminalSnapshotHTML {
    /// The escaped HTML of `snapshot`, a `<pre class="terminal">` element.
    public static func render(_ snapshot: TerminalSnapshot, label: String) -> String {
        var html = "<pre class=\"terminal\" role=\"img\" aria-label=\"\(HTMLEscaping.escape(label))\" "
        html += "data-columns=\"\(max(0, snapshot.columns))\" data-rows=\"\(max(0, snapshot.rows))\">"
        for line in snapshot.lines.prefix(1000) {
            html += "<span class=\"row\">"
            for run in line.runs.prefix(4096) {
                let classes = classNames(run.style)
                let text = HTMLEscaping.escape(run.text)
                html += classes.isEmpty ? text : "<span class=\"\(classes)\">\(text)</span>"
            }
            html += "</span>\n"
        }
        html += "</pre>"
        return html
    }

    static func classNames(_ style: TerminalStyle) -> String {
        var foreground = paletteIndex(style.foreground)
        var background = paletteIndex(style.background)
        var names: [String] = []
        if style.attributes.contains(.inverse) {
            (foreground, background) = (background ?? 0, foreground ?? 15)
            names.append("sv")
        }
        if let foreground { names.append("f\(foreground)") }
        if let background { names.append("b\(background)") }
        let attributes: [(TerminalAttributes, String)] = [
            (.bold, "sb"), (.dim, "sd"), (.italic, "si"), (.underline, "su"), (.strikethrough, "ss"), (.hidden, "sh"),
            (.blink, "sk"),
        ]
        for (attribute, name) in attributes where style.attributes.contains(attribute) { names.append(name) }
        return names.joined(separator: " ")
    }

    private static func paletteIndex(_ color: TerminalColor) -> Int? {
        switch color {
        case .default: return nil
        case .indexed(let index): return Int(index)
        case .rgb(let red, let green, let blue):
            return Palette.nearest(red: Int(red), green: Int(green), blue: Int(blue))
        }
    }
}
