/// The members of one JSON-lines object that a format uses, read straight from the line's bytes: the other
/// members are read (so damage is found as in a whole read) and dropped, and no tree of the line is built.
///
/// A lookup gives the line's first member of that name, as ``JSONValue``'s does.
struct JSONLineMembers<Key: RawRepresentable & Equatable> where Key.RawValue == String {
    private var members: [(key: Key, value: JSONValue)] = []

    /// Reads the object at `reader`'s position, whole.
    static func read(_ reader: inout JSONPullReader) throws -> Self {
        var line = Self()
        line.members.reserveCapacity(8)
        try reader.readObject { reader, name in
            let value = try reader.readValue()
            if let key = Key(rawValue: name) { line.members.append((key, value)) }
        }
        return line
    }

    /// The first member named `key`, if the line has one.
    subscript(key: Key) -> JSONValue? { members.first { $0.key == key }?.value }
}

extension Optional where Wrapped == JSONValue {
    /// The value as text: a string as it is, a number as written; `nil` otherwise (as ``JSONValue/text(_:)``).
    var text: String? {
        switch self {
        case .string(let value): value
        case .number(let value): String(value)
        default: nil
        }
    }
}
