import ResultSupport

/// Reads a JSON document from bytes one value at a time, so a large report (a Jest or Playwright JSON of 100,000
/// tests) is walked element by element: a format materialises each test's small object as a ``JSONValue`` and
/// skips or streams the rest, and tests before a damaged byte are already written when the damage is found.
///
/// Every method that reads a value consumes exactly that value. Errors carry the byte offset; ``JSONReadError``
/// turns it into a line and column.
public struct JSONPullReader {
    /// The deepest nesting accepted; deeper input is an error, never a stack overflow.
    public static let maxDepth = 512

    /// The kinds of value ``peek()`` reports.
    public enum Kind: Equatable, Sendable { case null, bool, number, string, array, object }

    private let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    public private(set) var position = 0
    private var depth = 0

    /// A reader over `bytes`, which must stay valid while it is used.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Whether only whitespace is left.
    public mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return position >= bytes.count
    }

    /// The kind of the next value, without consuming it.
    public mutating func peek() throws -> Kind {
        skipWhitespace()
        guard position < bytes.count else { throw failure("the document ends where a value was expected") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw failure("unexpected \(describe(bytes[position])) where a value was expected")
        }
    }

    /// Reads an object member by member: `body` gets each key and must consume its value.
    public mutating func readObject(_ body: (inout JSONPullReader, String) throws -> Void) throws {
        try readMembers { reader, key in try body(&reader, key.string) }
    }

    /// Reads an object member by member, handing `body` each member's name (which must consume its value) as a
    /// ``JSONKey``: the name's bytes in the document, compared with literals without building a `String` (a report
    /// of 100,000 tests holds more than a million names).
    public mutating func readMembers(_ body: (inout JSONPullReader, JSONKey) throws -> Void) throws {
        try expect(UInt8(ascii: "{"), "an object")
        try enter()
        defer { depth -= 1 }
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw failure("an object's member name (a string) was expected")
            }
            let key = try readKey()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after a member name")
            try body(&self, key)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return }
            throw failure("',' or '}' was expected in an object")
        }
    }

    /// Reads an array element by element: `body` gets each index and must consume its element.
    public mutating func readArray(_ body: (inout JSONPullReader, Int) throws -> Void) throws {
        try expect(UInt8(ascii: "["), "an array")
        try enter()
        defer { depth -= 1 }
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return }
        var index = 0
        while true {
            try body(&self, index)
            index += 1
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { return }
            throw failure("',' or ']' was expected in an array")
        }
    }

    /// Reads the next value whole.
    public mutating func readValue() throws -> JSONValue {
        switch try peek() {
        case .object:
            var members: [(key: String, value: JSONValue)] = []
            try readObject { reader, key in members.append((key, try reader.readValue())) }
            return .object(members)
        case .array:
            var elements: [JSONValue] = []
            try readArray { reader, _ in elements.append(try reader.readValue()) }
            return .array(elements)
        case .string: return .string(try readStringToken())
        case .number: return .number(try readNumberToken())
        case .bool, .null: return try readLiteral()
        }
    }

    /// Consumes the next value without keeping it (no member name or number becomes a `String`).
    public mutating func skipValue() throws {
        switch try peek() {
        case .object: try readMembers { reader, _ in try reader.skipValue() }
        case .array: try readArray { reader, _ in try reader.skipValue() }
        case .string: try skipStringToken()
        case .number: _ = try scanNumberToken()
        case .bool, .null: _ = try readLiteral()
        }
    }

    /// The string, when the next value is one (consumed); any other value is skipped and gives `nil`.
    public mutating func readStringIfAny() throws -> String? {
        guard try peek() == .string else {
            try skipValue()
            return nil
        }
        return try readStringToken()
    }

    /// The strings among the next value's elements, when it is an array; any other value is skipped and gives `[]`.
    public mutating func readStrings() throws -> [String] {
        guard try peek() == .array else {
            try skipValue()
            return []
        }
        var strings: [String] = []
        try readArray { reader, _ in
            if let string = try reader.readStringIfAny() { strings.append(string) }
        }
        return strings
    }

    /// An error at the current position.
    public func failure(_ message: String) -> JSONReadError {
        JSONReadError(message: message, byteOffset: min(position, bytes.count), bytes: bytes)
    }

    // MARK: Tokens

    private mutating func enter() throws {
        depth += 1
        guard depth <= Self.maxDepth else {
            throw failure("the document nests deeper than \(Self.maxDepth) levels")
        }
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws {
        skipWhitespace()
        guard consume(byte) else {
            if position >= bytes.count { throw failure("the document ends where \(what) was expected") }
            throw failure("\(what) was expected, found \(describe(bytes[position]))")
        }
    }

    private mutating func readLiteral() throws -> JSONValue {
        // Compared byte by byte: a report of 100,000 tests holds hundreds of thousands of these.
        if matches("true") { return .bool(true) }
        if matches("false") { return .bool(false) }
        if matches("null") { return .null }
        throw failure("unexpected \(describe(bytes[position])) where true, false or null was expected")
    }

    /// Consumes `word` when the input continues with it.
    private mutating func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let start = word.utf8Start
        for offset in 0..<count where bytes[position + offset] != start[offset] { return false }
        position += count
        return true
    }

    private mutating func readNumberToken() throws -> Substring {
        let range = try scanNumberToken()
        return Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
    }

    private mutating func scanNumberToken() throws -> Range<Int> {
        let start = position
        if consume(UInt8(ascii: "-")) {}
        var digits = 0
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
                UInt8(ascii: "+"), UInt8(ascii: "-"):
                position += 1
                digits += 1
            default:
                break
            }
            if position < bytes.count, !Self.isNumberByte(bytes[position]) { break }
        }
        guard digits > 0 else { throw failure("a number has no digits") }
        return start..<position
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
            UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private mutating func skipStringToken() throws {
        // Through the base address: strings are most of a report's bytes, and this loop skips most of them.
        if let base = bytes.baseAddress {
            var index = position + 1
            let end = bytes.count
            while index < end {
                let byte = base[index]
                if byte == UInt8(ascii: "\"") {
                    position = index + 1
                    return
                }
                index += byte == UInt8(ascii: "\\") ? 2 : 1
            }
            position = index
        }
        throw failure("the document ends inside a string")
    }

    /// Reads a member name: its bytes when it has no escape, else the decoded string.
    private mutating func readKey() throws -> JSONKey {
        let start = position + 1
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                position = index + 1
                return JSONKey(bytes: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            case UInt8(ascii: "\\"):
                return JSONKey(decoded: try readStringToken())
            default:
                index += 1
            }
        }
        position = bytes.count
        throw failure("the document ends inside a string")
    }

    /// Reads a string, decoding escapes; invalid UTF-8 becomes U+FFFD rather than an error, since test names and
    /// output are often not valid text.
    private mutating func readStringToken() throws -> String {
        position += 1
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            position += 1
        }
        var scalars: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<min(position, bytes.count)]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "u"): try appendUnicodeEscape(to: &scalars)
                default:
                    // `\"`, `\\`, `\/`; any other escaped byte is kept as itself (libtest writes Windows paths
                    // with single backslashes, which are not valid JSON but are plainly meant literally).
                    if ![UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/")].contains(escape) {
                        scalars.append(UInt8(ascii: "\\"))
                    }
                    scalars.append(escape)
                }
            default:
                scalars.append(byte)
                position += 1
            }
        }
        throw failure("the document ends inside a string")
    }

    private mutating func appendUnicodeEscape(to scalars: inout [UInt8]) throws {
        var code = try readHex4()
        if (0xD800..<0xDC00).contains(code), position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
            bytes[position + 1] == UInt8(ascii: "u")
        {
            let save = position
            position += 2
            let low = try readHex4()
            if (0xDC00..<0xE000).contains(low) {
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else {
                position = save
            }
        }
        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
        scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func readHex4() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("the document ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape has \(describe(byte)), not a hex digit")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }
}

/// A JSON document that could not be read, with where: the byte offset and, counted from it, line and column.
public struct JSONReadError: PlacedError {
    /// JSON has one kind of error: the document is not well-formed (or nests too deeply).
    public var code: ImportError.Code { .malformed }
    /// What is wrong.
    public let message: String
    /// The 0-based offset of the byte where the problem was found.
    public let byteOffset: Int
    /// The 1-based line of that byte.
    public let line: Int
    /// The 1-based column (in bytes) of that byte.
    public let column: Int

    init(message: String, byteOffset: Int, bytes: UnsafeBufferPointer<UInt8>) {
        self.message = message
        self.byteOffset = byteOffset
        var line = 1
        var lineStart = 0
        for index in 0..<byteOffset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        self.line = line
        self.column = byteOffset - lineStart + 1
    }

    /// The line, column and byte in the document (its file is the caller's: ``importError(file:firstLine:)``).
    public var place: ErrorPlace { ErrorPlace(file: nil, line: line, column: column, byteOffset: Int64(byteOffset)) }
    /// A JSON error has no cause of its own.
    public var cause: (any Error & Sendable)? { nil }

    /// The error as an import error of `file`, where the document's line 1 is the input's line `firstLine`.
    public func importError(file: String, firstLine: Int = 1) -> ImportError {
        ImportError(
            .malformed, message, file: file, line: line + firstLine - 1, column: column,
            byteOffset: Int64(byteOffset))
    }
}
