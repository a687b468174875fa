/// Scans a JSON line that holds one flat object (member values that are strings, numbers, `true`, `false` or
/// `null`) without decoding it: each member's name and value come out as ranges of the line.
///
/// It accepts only what ``JSONPullReader`` accepts, token for token (the same whitespace, numbers, escapes and
/// literals), and gives up on anything else: a nested value, an escaped member name, damage. A line it gives up on
/// is read by ``JSONPullReader`` instead, which reads it or words the error; so the scanner never has to say why.
struct JSONLineScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Calls `member` with each member's name (the bytes between its quotes) and value; `false` when the line is
    /// not one flat object followed by nothing but whitespace.
    mutating func scanObject(_ member: (UnsafeBufferPointer<UInt8>, JSONLineValue) -> Void) -> Bool {
        skipWhitespace()
        guard take(UInt8(ascii: "{")) else { return false }
        skipWhitespace()
        if !take(UInt8(ascii: "}")) {
            while true {
                skipWhitespace()
                guard take(UInt8(ascii: "\"")), let name = plainStringBody() else { return false }
                skipWhitespace()
                guard take(UInt8(ascii: ":")) else { return false }
                skipWhitespace()
                guard let value = scalarValue() else { return false }
                member(name, value)
                skipWhitespace()
                if take(UInt8(ascii: ",")) { continue }
                if take(UInt8(ascii: "}")) { break }
                return false
            }
        }
        skipWhitespace()
        return position == bytes.count
    }

    // MARK: Tokens

    private mutating func scalarValue() -> JSONLineValue? {
        guard position < bytes.count else { return nil }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "\""):
            position += 1
            let bodyStart = position
            var isEscaped = false
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    position += 1
                    return isEscaped
                        ? .token(slice(start, position))
                        : .plainString(slice(bodyStart, position - 1))
                case UInt8(ascii: "\\"):
                    isEscaped = true
                    guard position + 1 < bytes.count else { return nil }
                    if bytes[position + 1] == UInt8(ascii: "u") {
                        guard position + 6 <= bytes.count,
                            (position + 2..<position + 6).allSatisfy({ Self.isHexDigit(bytes[$0]) })
                        else { return nil }
                        position += 6
                    } else {
                        position += 2
                    }
                default:
                    position += 1
                }
            }
            return nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            let digitsStart = position
            while position < bytes.count, Self.isNumberByte(bytes[position]) { position += 1 }
            return position > digitsStart ? .token(slice(start, position)) : nil
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            for word: StaticString in ["true", "false", "null"] where matches(word) {
                return .token(slice(start, position))
            }
            return nil
        default:
            return nil
        }
    }

    /// The bytes of a string without escapes, from after its opening quote to before its closing one (consumed);
    /// `nil` for a string with an escape or without its end.
    private mutating func plainStringBody() -> UnsafeBufferPointer<UInt8>? {
        let start = position
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                return slice(start, position - 1)
            case UInt8(ascii: "\\"): return nil
            default: position += 1
            }
        }
        return nil
    }

    private mutating func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
        position += count
        return true
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

    @inline(__always)
    private mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private func slice(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// The bytes ``JSONPullReader`` reads as part of a number.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
            UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default: false
        }
    }
}
