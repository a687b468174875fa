import Foundation
import ResultModel
import ResultSupport

/// A fast pull parser over one JSON text, used to decode record lines without building a tree.
///
/// Callers walk objects with ``readObject(_:)`` and arrays with ``readArray(_:)``; each callback must consume
/// exactly one value (read it, or ``skipValue()``). Nesting is limited to ``maxDepth`` so hostile input cannot
/// exhaust the stack. Errors name the byte offset in the text.
struct JSONCursor {
    /// The deepest nesting accepted.
    static let maxDepth = 128

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var offset: Int
        var description: String { "\(message) at byte \(offset) of the line" }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    private var depth = 0
    /// Where names that repeat from line to line (modules, suites, files) are reused from, if anywhere.
    let strings: StringCache?
    /// Strings longer than this many UTF-8 bytes are cut as they are read (``TextCut``); never more is held.
    let maxStringBytes: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, strings: StringCache? = nil, maxStringBytes: Int = .max) {
        self.bytes = bytes
        self.strings = strings
        self.maxStringBytes = maxStringBytes
    }

    func failure(_ message: String) -> Failure { Failure(message: message, offset: position) }

    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    @inline(__always)
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    mutating func expect(_ byte: UInt8) throws {
        guard peek() == byte else {
            throw failure("expected '\(Character(Unicode.Scalar(byte)))'")
        }
        position += 1
    }

    /// Reads an object, calling `field` with each key (as raw bytes) positioned before its value.
    mutating func readObject(_ field: (inout JSONCursor, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        depth += 1
        guard depth <= Self.maxDepth else { throw failure("nesting deeper than \(Self.maxDepth)") }
        defer { depth -= 1 }
        if peek() == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            let key = try readRawString()
            try expect(UInt8(ascii: ":"))
            try field(&self, key)
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return
            default: throw failure("expected ',' or '}' in an object")
            }
        }
    }

    /// Reads an array, calling `element` positioned before each element.
    mutating func readArray(_ element: (inout JSONCursor) throws -> Void) throws {
        try expect(UInt8(ascii: "["))
        depth += 1
        guard depth <= Self.maxDepth else { throw failure("nesting deeper than \(Self.maxDepth)") }
        defer { depth -= 1 }
        if peek() == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            try element(&self)
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return
            default: throw failure("expected ',' or ']' in an array")
            }
        }
    }

    /// Consumes `null` and returns true, or returns false without consuming anything.
    mutating func readNull() -> Bool {
        guard peek() == UInt8(ascii: "n"), position + 4 <= bytes.count, bytes[position + 1] == UInt8(ascii: "u"),
            bytes[position + 2] == UInt8(ascii: "l"), bytes[position + 3] == UInt8(ascii: "l")
        else { return false }
        position += 4
        return true
    }

    /// The bytes of a string without escapes processed (only for keys, which this format keeps plain).
    mutating func readRawString() throws -> UnsafeBufferPointer<UInt8> {
        try expect(UInt8(ascii: "\""))
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let result = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                return result
            }
            if byte == UInt8(ascii: "\\") { position += 1 }
            position += 1
        }
        throw failure("unterminated string")
    }

    /// Reads a string that is likely to repeat from line to line, reusing its `String` through ``strings``.
    mutating func readRepeatingString() throws -> String {
        guard let strings, peek() == UInt8(ascii: "\""), let plain = plainStringBytes() else { return try readString() }
        if plain.count > maxStringBytes { return TextCut.cut(plain, to: maxStringBytes) }
        return strings.string(plain)
    }

    /// Reads a string and tells whether it is `text`, without building a `String` when it has no escapes.
    mutating func readString(equals text: StaticString) throws -> Bool {
        if peek() == UInt8(ascii: "\""), let plain = plainStringBytes() { return plain.equals(text) }
        return try readString() == text.description
    }

    /// The bytes of the string at the cursor when it has no escapes and no control characters (consuming it),
    /// else `nil` (consuming nothing).
    private mutating func plainStringBytes() -> UnsafeBufferPointer<UInt8>? {
        var end = position + 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                let plain = UnsafeBufferPointer(rebasing: bytes[(position + 1)..<end])
                position = end + 1
                return plain
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            end += 1
        }
        return nil
    }

    mutating func readString() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = position
        // Past the cut (plus a character's bytes, to end on a whole one), bytes are counted and no longer kept.
        let keep = maxStringBytes > Int.max - 4 ? Int.max : maxStringBytes + 4
        // Byte by byte only as far as bytes are kept; the rest of a longer string is measured below.
        let plainEnd = keep == Int.max ? bytes.count : min(bytes.count, start + keep)
        while position < plainEnd {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let plain = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                if plain.count > maxStringBytes { return TextCut.cut(plain, to: maxStringBytes) }
                return String(decoding: plain, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("control character in a string") }
            position += 1
        }
        var decoded = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<(start + min(position - start, keep))]))
        var dropped = position - start - decoded.count
        while position < bytes.count {
            if decoded.count > keep {
                dropped += decoded.count - keep
                decoded.removeLast(decoded.count - keep)
            }
            if decoded.count == keep {
                // Nothing more is kept: jump to the next quote or escape (the bytes between are only counted, not
                // checked for control characters), so a 64 MiB name costs a memchr, not a loop over each byte.
                let next = nextQuoteOrEscape(from: position)
                dropped += next - position
                position = next
                guard position < bytes.count else { break }
            }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard dropped > 0 || decoded.count > maxStringBytes else {
                    return String(decoding: decoded, as: UTF8.self)
                }
                return decoded.withUnsafeBufferPointer {
                    TextCut.cut($0, to: maxStringBytes, totalBytes: decoded.count + dropped)
                }
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { throw failure("unterminated escape") }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4()
                    if (0xD800..<0xDC00).contains(scalar), position + 6 <= bytes.count,
                        bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                    {
                        position += 2
                        let low = try readHex4()
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            decoded.append(contentsOf: [0xEF, 0xBF, 0xBD])
                            scalar = low
                        }
                    }
                    let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    decoded.append(contentsOf: Array(String(character).utf8))
                default: throw failure("invalid escape")
                }
            default:
                if byte < 0x20 { throw failure("control character in a string") }
                decoded.append(byte)
                position += 1
            }
        }
        throw failure("unterminated string")
    }

    /// The offset of the first `"` or `\\` at or after `start`, or the end of the bytes.
    private func nextQuoteOrEscape(from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
        let origin = UnsafeRawPointer(base)
        let quote = memchr(origin + start, Int32(UInt8(ascii: "\"")), bytes.count - start)
        let quoteOffset = quote.map { UnsafeRawPointer($0) - origin } ?? bytes.count
        let escape = memchr(origin + start, Int32(UInt8(ascii: "\\")), quoteOffset - start)
        return escape.map { UnsafeRawPointer($0) - origin } ?? quoteOffset
    }

    private mutating func readHex4() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// Reads a number; also accepts the strings `"inf"`, `"-inf"` and `"nan"` for non-finite values.
    mutating func readDouble() throws -> Double {
        if peek() == UInt8(ascii: "\"") {
            switch try readString() {
            case "inf": return .infinity
            case "-inf": return -.infinity
            case "nan": return .nan
            default: throw failure("expected a number")
            }
        }
        let start = position
        var isInteger = true
        while position < bytes.count {
            let byte = bytes[position]
            if (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") {
                position += 1
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                || byte == UInt8(ascii: "+")
            {
                isInteger = false
                position += 1
            } else {
                break
            }
        }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<position])
        guard !text.isEmpty else { throw failure("expected a number") }
        if isInteger, text.count < 16, let value = Self.parseInteger(text) { return Double(value) }
        if let value = ShortDecimal.parse(text) { return value }
        guard let value = Double(String(decoding: text, as: UTF8.self)) else { throw failure("invalid number") }
        return value
    }

    /// Reads an integer (a number without fraction; `1.0` is accepted, `1.5` is not).
    mutating func readInt() throws -> Int {
        let start = position
        let value = try readDouble()
        guard value.isFinite, value == value.rounded(), abs(value) < 9.2e18 else {
            position = start
            throw failure("expected an integer")
        }
        return Int(value)
    }

    mutating func readBool() throws -> Bool {
        _ = peek()
        let rest = UnsafeBufferPointer(rebasing: bytes[position...])
        if rest.count >= 4, UnsafeBufferPointer(rebasing: rest[0..<4]).equals("true") {
            position += 4
            return true
        }
        if rest.count >= 5, UnsafeBufferPointer(rebasing: rest[0..<5]).equals("false") {
            position += 5
            return false
        }
        throw failure("expected true or false")
    }

    private static func parseInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var negative = false
        if text[0] == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        guard index < text.count else { return nil }
        var value = 0
        while index < text.count {
            let byte = text[index]
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
            index += 1
        }
        return negative ? -value : value
    }

    /// Skips one value of any kind.
    mutating func skipValue() throws {
        switch peek() {
        case UInt8(ascii: "{"): try readObject { cursor, _ in try cursor.skipValue() }
        case UInt8(ascii: "["): try readArray { try $0.skipValue() }
        case UInt8(ascii: "\""): _ = try readRawString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"):
            guard readNull() else { throw failure("invalid literal") }
        case nil: throw failure("unexpected end of line")
        default: _ = try readDouble()
        }
    }
}
