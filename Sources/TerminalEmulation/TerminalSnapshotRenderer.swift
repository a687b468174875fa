import ResultModel

/// Renders a ``TerminalSnapshot`` for a terminal, as ANSI escape sequences, or as plain text. (Its HTML drawing
/// is the report's, `TerminalSnapshotHTML`, so a snapshot looks the same in `snapshot` output and in reports.)
/// Stateless and safe to call from any thread.
public enum TerminalSnapshotRenderer {
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

    // MARK: ANSI pieces

    private static func selectGraphicRenditionParameters(_ style: TerminalStyle) -> String {
        var parameters = ["0"]
        for (flag, code) in TerminalAttributes.graphicRenditionCodes where style.attributes.contains(flag) {
            parameters.append(String(code))
        }
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
