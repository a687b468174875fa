import ResultSupport

/// Makes untrusted text safe for XML 1.0: ANSI escape sequences are removed (``ANSIEscapes``) and every character XML 1.0 forbids
/// (C0 controls other than tab, line feed and carriage return; U+FFFE and U+FFFF) becomes U+FFFD, so the
/// output is always well-formed. Escaping of `<`, `&` and quotes is left to the XML writer.
public enum XMLText {
    /// `text` cleaned for XML.
    public static func clean(_ text: String) -> String {
        if isAlreadyClean(text) { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in ANSIEscapes.strip(text).unicodeScalars {
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
    /// Eight bytes at a time: only a group holding a control character or an 0xEF byte (which starts U+FFFE and
    /// U+FFFF, and other characters) is looked at byte by byte.
    static func isAlreadyClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var start = 0
        while start + 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            if !mayNeedCleaning(word) {
                start += 8
                continue
            }
            if !isAlreadyClean(bytes, from: start, to: start + 8) { return false }
            start += 8
        }
        return isAlreadyClean(bytes, from: start, to: bytes.count)
    }

    /// Whether any byte of `word` is below 0x20 or is 0xEF (the classic "has a zero byte" test).
    @inline(__always) private static func mayNeedCleaning(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let hasControl = (word &- 0x20 &* ones) & ~word & highs
        let flipped = word ^ (0xEF &* ones)
        let hasEF = (flipped &- ones) & ~flipped & highs
        return hasControl | hasEF != 0
    }

    /// Whether the bytes in `start..<end` are clean, looking past `end` for the rest of a U+FFFE or U+FFFF.
    private static func isAlreadyClean(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        for index in start..<end {
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
}
