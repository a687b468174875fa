import ResultSupport

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

    /// Appends `value` in decimal, its digits written straight into the bytes (a coverage page writes two numbers
    /// a source line: making a `String` of each was a fifth of its time).
    mutating func appendDecimal(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDecimal(value.magnitude)
    }

    /// Appends `value` in decimal.
    mutating func appendDecimal(_ value: UInt) {
        guard value >= 10 else {
            bytes.append(0x30 + UInt8(value))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var remaining = value
            var start = 20
            while remaining > 0 {
                start -= 1
                digits[start] = 0x30 + UInt8(remaining % 10)
                remaining /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

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

    /// Appends the anchor of a test's row, `t-` and the top 48 bits of `hash` in 8 characters of
    /// ``ReportPaths/anchorAlphabet`` (most significant first): short, because every row of the lists carries one.
    mutating func appendAnchor(_ hash: UInt64) {
        append("t-")
        for position in (0..<8).reversed() {
            bytes.append(ReportPaths.anchorAlphabet[Int((hash >> (16 + 6 * UInt64(position))) & 63)])
        }
    }

    /// Forgets the bytes, keeping the memory for the next use.
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// The bytes as a string.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Escaping: the only way untrusted text gets in, by the rules of `HTMLEscaping` and `JSONEscaping`.

    /// Appends `text` escaped for element content and quoted attribute values (``HTMLEscaping``).
    /// - Complexity: O(*n*) in the UTF-8 length of `text`.
    mutating func appendEscapedHTML(_ text: String) { HTMLEscaping.appendEscaped(text, to: &bytes) }

    /// Appends the UTF-8 `utf8` escaped for element content (a source line, without making it a `String` first).
    /// - Complexity: O(*n*) in the length of `utf8`.
    mutating func appendEscapedHTML(_ utf8: UnsafeBufferPointer<UInt8>) { HTMLEscaping.appendEscaped(utf8, to: &bytes) }

    /// Appends `text` as a JSON string literal that is safe inside a script file (``JSONEscaping``, script-safe).
    /// - Complexity: O(*n*) in the UTF-8 length of `text`.
    mutating func appendJSONString(_ text: String) { JSONEscaping.appendQuoted(text, to: &bytes, scriptSafe: true) }

    /// Appends the UTF-8 `utf8` escaped as the inside of a script-safe JSON string literal, without its quotes (the
    /// search's coded names, several in one literal).
    /// - Complexity: O(*n*) in the length of `utf8`.
    mutating func appendJSONStringContent(_ utf8: UnsafeBufferPointer<UInt8>) {
        let start = bytes.count
        JSONEscaping.appendQuoted(utf8, to: &bytes, scriptSafe: true)
        bytes.remove(at: start)
        bytes.removeLast()
    }
}
