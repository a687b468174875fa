/// Makes untrusted text safe for XML 1.0: ANSI escape sequences are removed and every character XML 1.0 forbids
/// (C0 controls other than tab, line feed and carriage return; U+FFFE and U+FFFF) becomes U+FFFD, so the
/// output is always well-formed. Escaping of `<`, `&` and quotes is left to the XML writer.
public enum XMLText {
    /// `text` cleaned for XML.
    public static func clean(_ text: String) -> String {
        if isAlreadyClean(text) { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                skipEscape(&scalars)
                continue
            }
            result.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
        }
        return result
    }

    /// Whether `text` has no escape sequence and no character XML forbids (checked on its UTF-8 bytes).
    static func isAlreadyClean(_ text: String) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return false }
            if previous == (0xEF, 0xBF) && (byte == 0xBE || byte == 0xBF) { return false }
            previous = (previous.1, byte)
        }
        return true
    }

    /// Whether XML 1.0 allows the character.
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: return true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    private static func skipEscape(_ scalars: inout String.UnicodeScalarView.Iterator) {
        guard let next = scalars.next() else { return }
        if next == "[" {
            while let scalar = scalars.next(), !(0x40...0x7E).contains(scalar.value) {}
        } else if next == "]" {
            while let scalar = scalars.next(), scalar != "\u{07}", scalar != "\u{1B}" {}
        }
    }
}
