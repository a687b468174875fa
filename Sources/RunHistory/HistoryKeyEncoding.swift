/// The payload of a `K` frame (format 2.0): test keys that no byte of a name can split.
///
/// `first` (the table position of the frame's first key), `count`, then each key as its UTF-8 length and its bytes,
/// all lengths unsigned LEB128 varints. Carrying the first position lets a reader that skipped a damaged keys
/// frame keep every later key, and every later run, in its place.
enum HistoryKeyEncoding {
    /// The payload for `keys`, the first of them at table position `first`.
    static func encode(_ keys: [String], first: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(keys.reduce(16) { $0 + $1.utf8.count + 2 })
        bytes.appendVarint(UInt64(first))
        bytes.appendVarint(UInt64(keys.count))
        for key in keys {
            bytes.appendVarint(UInt64(key.utf8.count))
            bytes.append(contentsOf: key.utf8)
        }
        return bytes
    }

    /// The table positions a `K` payload declares it fills (before its keys are decoded, so a table too large is
    /// refused before it is built).
    static func declaredRange(_ payload: [UInt8]) -> Range<Int>? {
        var cursor = 0
        guard let first = payload.readVarint(at: &cursor), let count = payload.readVarint(at: &cursor),
            first <= UInt64(Int32.max), count <= UInt64(payload.count - cursor)
        else { return nil }
        return Int(first)..<(Int(first) + Int(count))
    }

    /// The keys of a `K` payload and the table position of the first; nil when the payload does not hold exactly
    /// what its counts say.
    static func decode(_ payload: [UInt8]) -> (first: Int, keys: [String])? {
        var cursor = 0
        guard let first = payload.readVarint(at: &cursor), let count = payload.readVarint(at: &cursor),
            first <= UInt64(Int32.max), count <= UInt64(payload.count - cursor)
        else { return nil }
        var keys: [String] = []
        keys.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let length = payload.readVarint(at: &cursor), length <= UInt64(payload.count - cursor) else {
                return nil
            }
            keys.append(String(decoding: payload[cursor..<(cursor + Int(length))], as: UTF8.self))
            cursor += Int(length)
        }
        guard cursor == payload.count else { return nil }
        return (Int(first), keys)
    }
}

extension Array where Element == UInt8 {
    /// The unsigned LEB128 varint at `cursor` (at most 64 bits), moving `cursor` past it; nil when it runs off the
    /// end or is too long.
    func readVarint(at cursor: inout Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while cursor < count, shift < 64 {
            let byte = self[cursor]
            cursor += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
