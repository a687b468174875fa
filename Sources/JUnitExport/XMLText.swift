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

    /// Calls `body` with `text` cleaned as a NUL-terminated UTF-8 C string, valid only during the call. Text that
    /// is already clean (nearly all) is passed as it is stored, without a copy.
    public static func withCleanCString<Result>(
        _ text: String, _ body: (UnsafePointer<CChar>) throws -> Result
    ) rethrows -> Result {
        let length = text.utf8.count
        return try text.withCString { pointer in
            let bytes = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
            if isAlreadyClean(UnsafeBufferPointer(start: bytes, count: length)) { return try body(pointer) }
            return try clean(text).withCString(body)
        }
    }

    /// Whether `text` has no escape sequence and no character XML forbids (checked on its UTF-8 bytes).
    static func isAlreadyClean(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isAlreadyClean($0) }
    }

    /// Whether the UTF-8 `bytes` have no escape sequence and no character XML forbids (a NUL byte included).
    static func isAlreadyClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in bytes.indices {
            let byte = bytes[index]
            if byte < 0x20 {
                if byte != 0x09 && byte != 0x0A && byte != 0x0D { return false }
            } else if byte == 0xEF && index + 2 < bytes.count && bytes[index + 1] == 0xBF
                && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF)
            {
                return false
            }
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
