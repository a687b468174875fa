/// The bytes of a page, a block of rows or a script being built. Appending trusted markup copies it as is; the
/// escaping appends at the end of this file are the only way untrusted text gets in.
///
/// Building pages as bytes instead of joining `String`s keeps the parts of the report that repeat per test (list
/// rows, search data) cheap for 100,000-test runs.
struct OutputBuffer {
    /// The bytes so far, UTF-8.
    private(set) var bytes: [UInt8] = []

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// The number of bytes so far.
    var count: Int { bytes.count }

    /// Whether nothing was appended yet.
    var isEmpty: Bool { bytes.isEmpty }

    /// Appends markup written in our source code.
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends text that is safe as it is: markup or names our own code built (paths, classes, numbers).
    mutating func appendTrusted(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends the bytes of another buffer.
    mutating func append(_ other: OutputBuffer) { bytes.append(contentsOf: other.bytes) }

    /// Appends `value` in decimal.
    mutating func appendDecimal(_ value: Int) { appendTrusted(String(value)) }

    /// Appends `value` as 16 lowercase hexadecimal digits.
    mutating func appendHex(_ value: UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { digits in
            var remaining = value
            for index in (0..<16).reversed() {
                let digit = UInt8(remaining & 0xF)
                digits[index] = digit < 10 ? 0x30 + digit : 0x57 + digit
                remaining >>= 4
            }
            bytes.append(contentsOf: digits)
        }
    }

    /// Forgets the bytes, keeping the memory for the next use.
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// The bytes as a string.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Escaping: the only way untrusted text gets in. Same results as `HTMLEscaping.escape` and the search
    // index's JSON strings always gave, computed on UTF-8 bytes instead of scalars.

    /// Appends `text` escaped for element content and quoted attribute values, exactly as
    /// ``HTMLEscaping/escape(_:)`` does: `< > & " '` become entities, control characters other than tab, line
    /// feed and carriage return (C0, DEL and C1) become U+FFFD.
    /// - Complexity: O(*n*) in the UTF-8 length of `text`.
    mutating func appendEscapedHTML(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            var copied = 0
            while index < utf8.count {
                let byte = utf8[index]
                let replacement: StaticString
                var length = 1
                switch byte {
                case 0x3C: replacement = "&lt;"
                case 0x3E: replacement = "&gt;"
                case 0x26: replacement = "&amp;"
                case 0x22: replacement = "&quot;"
                case 0x27: replacement = "&#39;"
                case 0x09, 0x0A, 0x0D:
                    index += 1
                    continue
                case 0x00..<0x20, 0x7F: replacement = "\u{FFFD}"
                case 0xC2 where index + 1 < utf8.count && (0x80..<0xA0).contains(utf8[index + 1]):
                    replacement = "\u{FFFD}"
                    length = 2
                default:
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index]))
                append(replacement)
                index += length
                copied = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<utf8.count]))
        }
    }

    /// Appends `text` as a JSON string literal that is safe inside a script file: quotes and backslashes are
    /// escaped, `<`, `>`, `&`, U+2028 and U+2029 become `\u` escapes, and so do control characters.
    /// - Complexity: O(*n*) in the UTF-8 length of `text`.
    mutating func appendJSONString(_ text: String) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            var copied = 0
            while index < utf8.count {
                let byte = utf8[index]
                var length = 1
                let escape: UInt32
                switch byte {
                case 0x22, 0x5C: escape = UInt32(byte) | 0x8000_0000
                case 0x3C, 0x3E, 0x26, 0x00..<0x20: escape = UInt32(byte)
                case 0xE2
                where index + 2 < utf8.count && utf8[index + 1] == 0x80
                    && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    escape = utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029
                    length = 3
                default:
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index]))
                bytes.append(0x5C)
                if escape & 0x8000_0000 != 0 {
                    bytes.append(UInt8(escape & 0xFF))
                } else {
                    append("u")
                    for shift in [12, 8, 4, 0] {
                        let digit = UInt8((escape >> UInt32(shift)) & 0xF)
                        bytes.append(digit < 10 ? 0x30 + digit : 0x57 + digit)
                    }
                }
                index += length
                copied = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<utf8.count]))
        }
        bytes.append(0x22)
    }
}
