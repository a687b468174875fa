/// The variable-length integers of the coverage section: unsigned LEB128, seven bits a byte, least significant
/// first, the high bit set on every byte but the last (docs/FORMAT.md, "Coverage").
enum CoverageVarint {
    /// Appends `value` in at most 10 bytes.
    @inline(__always)
    static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}

/// Reads the coverage section's bytes, checking every length against what is left, so damaged or hostile bytes
/// end in a ``BundleError`` naming the byte, never in a trap or a large allocation.
struct CoverageByteReader {
    let bytes: [UInt8]
    private(set) var position: Int
    let end: Int
    /// Added to positions in messages (a file's body starts inside the payload).
    let what: String

    init(_ bytes: [UInt8], from start: Int, to end: Int, what: String) {
        self.bytes = bytes
        self.position = start
        self.end = end
        self.what = what
    }

    var isAtEnd: Bool { position >= end }

    func failure(_ message: String) -> BundleError {
        BundleError(.damaged, "\(what): \(message) at byte \(position) of the coverage frame's payload")
    }

    /// The next LEB128 integer (at most 10 bytes, and no bits past 64).
    mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw failure("the data ends inside a number") }
            let byte = bytes[position]
            position += 1
            guard shift < 64, shift < 63 || byte & 0x7F <= 1 else { throw failure("a number is over 64 bits") }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    /// The next integer, which must fit an `Int` no larger than `limit`.
    mutating func count(atMost limit: Int, _ name: String) throws -> Int {
        let value = try varint()
        guard value <= UInt64(limit) else { throw failure("\(name) \(value) is over \(limit)") }
        return Int(value)
    }

    /// The next integer, which must be a line or column number (at most 2^32-1).
    mutating func number32(_ name: String) throws -> UInt32 {
        let value = try varint()
        guard value <= UInt64(UInt32.max) else { throw failure("\(name) \(value) is over 2^32-1") }
        return UInt32(value)
    }

    /// The next `count` bytes as UTF-8 text (invalid sequences replaced).
    mutating func text(count: Int) throws -> String {
        guard count <= end - position else { throw failure("a name of \(count) bytes runs past the data") }
        let text = String(decoding: bytes[position..<position + count], as: UTF8.self)
        position += count
        return text
    }

    /// Skips `count` bytes.
    mutating func skip(_ count: Int) throws {
        guard count <= end - position else { throw failure("\(count) bytes run past the data") }
        position += count
    }
}
