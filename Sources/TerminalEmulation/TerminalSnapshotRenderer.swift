import ResultModel

/// Renders a ``TerminalSnapshot`` as safe HTML, as ANSI escape sequences, or as plain text.
///
/// The HTML is `<pre class="terminal">` with one `<span>` per styled run. Every character of the snapshot is
/// escaped; the 16 basic colors become CSS classes (`fg-1`, `bg-12`; see ``stylesheet``), and 256-palette and
/// 24-bit colors become inline `style="color:#rrggbb"` computed from the snapshot's numbers, never copied from its
/// text. Stateless and safe to call from any thread.
public enum TerminalSnapshotRenderer {
    /// HTML for the snapshot: scrollback lines (when the snapshot has them) then the screen.
    /// - Complexity: O(cells).
    public static func html(_ snapshot: TerminalSnapshot) -> String {
        var html = "<pre class=\"terminal\" data-columns=\"\(snapshot.columns)\" data-rows=\"\(snapshot.rows)\">"
        var isFirst = true
        for line in snapshot.scrollback + snapshot.lines {
            if !isFirst { html += "\n" }
            isFirst = false
            for run in line.runs { appendHTML(run, to: &html) }
        }
        html += "</pre>"
        return html
    }

    /// The snapshot as text with SGR sequences, one line per row, each ending with a reset; for terminals.
    public static func ansi(_ snapshot: TerminalSnapshot) -> String {
        var output = ""
        var isFirst = true
        for line in snapshot.scrollback + snapshot.lines {
            if !isFirst { output += "\n" }
            isFirst = false
            for run in line.runs {
                output += "\u{1B}[" + selectGraphicRenditionParameters(run.style) + "m"
                output += sanitizedForTerminal(run.text)
            }
            if !line.runs.isEmpty { output += "\u{1B}[0m" }
        }
        return output
    }

    /// The screen as plain text (``TerminalSnapshot/text``).
    public static func text(_ snapshot: TerminalSnapshot) -> String { snapshot.text }

    /// CSS for the classes the HTML uses (xterm's default palette; the page may override it).
    public static let stylesheet: String = {
        var css = """
            pre.terminal { background: #000000; color: #e5e5e5; line-height: 1.2; padding: 0.5em; overflow-x: auto; }
            pre.terminal .bold { font-weight: bold; }
            pre.terminal .dim { opacity: 0.6; }
            pre.terminal .italic { font-style: italic; }
            pre.terminal .underline { text-decoration: underline; }
            pre.terminal .strikethrough { text-decoration: line-through; }
            pre.terminal .underline.strikethrough { text-decoration: underline line-through; }
            pre.terminal .blink { text-decoration: overline; }
            pre.terminal .hidden { visibility: hidden; }
            pre.terminal .fg-default-background { color: #000000; }
            pre.terminal .bg-default-foreground { background: #e5e5e5; }

            """
        for index in 0..<16 {
            let color = hex(paletteColor(index))
            css +=
                "pre.terminal .fg-\(index) { color: \(color); }\npre.terminal .bg-\(index) { background: \(color); }\n"
        }
        return css
    }()

    // MARK: HTML pieces

    private static func appendHTML(_ run: TerminalRun, to html: inout String) {
        var classes: [String] = []
        var styles: [String] = []
        var foreground = run.style.foreground
        var background = run.style.background
        let attributes = run.style.attributes
        if attributes.contains(.inverse) { swap(&foreground, &background) }
        switch foreground {
        case .default: if attributes.contains(.inverse) { classes.append("fg-default-background") }
        case .indexed(let index) where index < 16: classes.append("fg-\(index)")
        case .indexed(let index): styles.append("color:\(hex(paletteColor(Int(index))))")
        case .rgb(let red, let green, let blue): styles.append("color:\(hex((Int(red), Int(green), Int(blue))))")
        }
        switch background {
        case .default: if attributes.contains(.inverse) { classes.append("bg-default-foreground") }
        case .indexed(let index) where index < 16: classes.append("bg-\(index)")
        case .indexed(let index): styles.append("background:\(hex(paletteColor(Int(index))))")
        case .rgb(let red, let green, let blue): styles.append("background:\(hex((Int(red), Int(green), Int(blue))))")
        }
        for (name, flag) in TerminalAttributes.names where flag != .inverse && attributes.contains(flag) {
            classes.append(name)
        }
        if classes.isEmpty && styles.isEmpty {
            html += escaped(run.text)
            return
        }
        html += "<span"
        if !classes.isEmpty { html += " class=\"\(classes.joined(separator: " "))\"" }
        if !styles.isEmpty { html += " style=\"\(styles.joined(separator: ";"))\"" }
        html += ">" + escaped(run.text) + "</span>"
    }

    /// Escapes text for HTML element content and attribute values; control characters become U+FFFD.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) {
                    result.unicodeScalars.append("\u{FFFD}")
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    // MARK: Colors

    /// The RGB value of a palette entry: xterm's 16 colors, the 6×6×6 cube, then 24 grays.
    static func paletteColor(_ index: Int) -> (Int, Int, Int) {
        let basic: [(Int, Int, Int)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        switch index {
        case 0..<16: return basic[index]
        case 16..<232:
            let level = { (value: Int) in value == 0 ? 0 : 55 + value * 40 }
            let cube = index - 16
            return (level(cube / 36), level(cube / 6 % 6), level(cube % 6))
        default:
            let gray = 8 + (min(max(index, 232), 255) - 232) * 10
            return (gray, gray, gray)
        }
    }

    static func hex(_ color: (Int, Int, Int)) -> String {
        let digits = Array("0123456789abcdef")
        var result = "#"
        for component in [color.0, color.1, color.2] {
            let value = min(max(component, 0), 255)
            result.append(digits[value >> 4])
            result.append(digits[value & 0xF])
        }
        return result
    }

    // MARK: ANSI pieces

    private static func selectGraphicRenditionParameters(_ style: TerminalStyle) -> String {
        var parameters = ["0"]
        let codes: [(TerminalAttributes, String)] = [
            (.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.blink, "5"), (.inverse, "7"),
            (.hidden, "8"), (.strikethrough, "9"),
        ]
        for (flag, code) in codes where style.attributes.contains(flag) { parameters.append(code) }
        parameters += colorParameters(style.foreground, base: 30, extended: 38)
        parameters += colorParameters(style.background, base: 40, extended: 48)
        return parameters.joined(separator: ";")
    }

    private static func colorParameters(_ color: TerminalColor, base: Int, extended: Int) -> [String] {
        switch color {
        case .default: return []
        case .indexed(let index) where index < 8: return ["\(base + Int(index))"]
        case .indexed(let index) where index < 16: return ["\(base + 60 + Int(index) - 8)"]
        case .indexed(let index): return ["\(extended)", "5", "\(index)"]
        case .rgb(let red, let green, let blue): return ["\(extended)", "2", "\(red)", "\(green)", "\(blue)"]
        }
    }

    /// Drops control characters so a snapshot's text cannot inject sequences into a terminal.
    private static func sanitizedForTerminal(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars where !(scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0))
        {
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
