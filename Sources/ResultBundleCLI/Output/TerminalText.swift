/// Human-readable output made safe for a terminal (docs/OUTPUTS.md): C0 controls, DEL and C1 controls from names,
/// messages and other data are shown in `cat -v`-like notation instead of being sent as is.
enum TerminalText {
    static func escapingControls(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepingNewlines: result.append("\n")
            case 0x09: result.append("\t")
            case 0x1B: result.append("\\e")
            case 0x00..<0x20: result.append("^" + String(UnicodeScalar(UInt8(scalar.value) + 0x40)))
            case 0x7F: result.append("^?")
            case 0x80..<0xA0: result.append("\\u{\(String(scalar.value, radix: 16))}")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar.value != 0x09 && scalar.value != 0x0A) || (0x7F..<0xA0).contains(scalar.value)
            || scalar.value == 0x0A
    }
}
