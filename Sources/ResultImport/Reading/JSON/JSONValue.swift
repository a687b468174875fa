/// A JSON value read from an input: small documents, or one element of a large one (``JSONPullReader``).
///
/// Objects keep their members in order, duplicates included; lookups take the first. Numbers keep their text, so
/// a count past 2^63 or a time with 17 digits is not rounded before a format decides what it means.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, as written.
    case number(Substring)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (left: JSONValue, right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
        default: false
        }
    }

    /// The first member named `key` of an object; `nil` for a missing member or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, when the value is one.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`, when the value is a number (or a string holding one, as some producers write).
    public var double: Double? {
        switch self {
        case .number(let text): Double(text)
        case .string(let text): Double(text)
        default: nil
        }
    }

    /// The number as an `Int`, when it is a whole number that fits (a larger one is `nil`, never a trap).
    public var int: Int? {
        let text: Substring
        switch self {
        case .number(let number): text = number
        case .string(let string): text = Substring(string)
        default: return nil
        }
        if let exact = Int(text) { return exact }
        guard let value = Double(text), value.rounded() == value, abs(value) < 9.2e18 else { return nil }
        return Int(value)
    }

    /// The Boolean, when the value is one.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, when the value is an array.
    public var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, when the value is an object.
    public var members: [(key: String, value: JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
