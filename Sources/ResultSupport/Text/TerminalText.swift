/// The one rule for data shown as text on a terminal or in a CI log (docs/OUTPUTS.md): every control character
/// from names, messages and other data (C0 controls but tab, DEL and C1 controls) is shown in `cat -v`-like
/// notation instead of being sent as is. Line feeds and carriage returns are escaped too (`^J`, `^M`): a line
/// that comes from data never starts a new line, so no test name can begin a CI system's logging command
/// (GitHub's `::error::`, Azure's `##vso[...]`), move the cursor or retitle the terminal. Text of several lines
/// is escaped line by line, by the code that knows where its own lines end.
package enum TerminalText {
    package static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x1B: result.append("\\e")
            case 0x00..<0x20: result.append("^" + String(UnicodeScalar(UInt8(scalar.value) + 0x40)))
            case 0x7F: result.append("^?")
            case 0x80..<0xA0: result.append("\\u{\(String(scalar.value, radix: 16))}")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Each line of `lines` escaped, joined with line feeds: text whose line structure is the caller's own.
    package static func escapingLines(_ lines: [String]) -> String {
        lines.map(escapingControls).joined(separator: "\n")
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar.value != 0x09) || (0x7F..<0xA0).contains(scalar.value)
    }
}
