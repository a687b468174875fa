/// Cleans untrusted text before it is escaped for a page or a summary: ANSI escape sequences are removed (``ANSIEscapes``), and
/// control characters other than tab and line feed become U+FFFD, so no raw control byte reaches a page.
package enum DisplayText {
    package static func clean(_ text: String) -> String {
        guard needsCleaning(text) else { return text }
        var result = ""
        for scalar in ANSIEscapes.strip(text).unicodeScalars {
            if scalar == "\t" || scalar == "\n" {
                result.unicodeScalars.append(scalar)
            } else if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                result.unicodeScalars.append("\u{FFFD}")
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    package static func clean(_ text: String?) -> String? { text.map { clean($0) } }

    /// Whether `text` holds a C0 control character, DEL or a C1 control character (`C2 80`…`C2 9F` in UTF-8).
    private static func needsCleaning(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80..<0xA0).contains(byte)) { return true }
            previous = byte
        }
        return false
    }
}
