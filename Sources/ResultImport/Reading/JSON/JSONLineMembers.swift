import Foundation
import ResultSupport

/// The members of one JSON-lines object that a format uses, read straight from the line's bytes: the other
/// members are checked (so damage is found as in a whole read) and dropped, and no tree of the line is built.
///
/// One value is kept by a reader and filled again for each line (``JSONLines/read(_:into:)``), so reading a line
/// allocates nothing. A flat line (strings, numbers, `true`, `false`, `null`) is scanned once, its values kept as
/// the ranges of the line they are written in and decoded only when asked; any other line (a nested value, an
/// escaped member name) is read by ``JSONPullReader``, which also words the error of a damaged one.
///
/// A lookup gives the line's first member of that name, as ``JSONValue``'s does. The values point into the line:
/// they are valid until the next line is read.
final class JSONLineMembers<Key: RawRepresentable & CaseIterable & Equatable> where Key.RawValue == String {
    private let keys = Array(Key.allCases)
    // The keys' names and the values, in memory of their own that the scan reaches without reference counting (an
    // array of names, or of values, was retained and released for every member of every line).
    private let names: UnsafeMutableBufferPointer<UInt8>
    private let nameRanges: UnsafeMutableBufferPointer<Range<Int>>
    private let values: UnsafeMutableBufferPointer<JSONLineValue?>

    init() {
        let names = keys.map { Array($0.rawValue.utf8) }
        self.names = .allocate(capacity: names.reduce(0) { $0 + $1.count })
        nameRanges = .allocate(capacity: keys.count)
        var offset = 0
        for (index, name) in names.enumerated() {
            _ = UnsafeMutableBufferPointer(rebasing: self.names[offset..<offset + name.count]).initialize(from: name)
            nameRanges.initializeElement(at: index, to: offset..<offset + name.count)
            offset += name.count
        }
        values = .allocate(capacity: keys.count)
        values.initialize(repeating: nil)
    }

    deinit {
        names.deallocate()
        nameRanges.deallocate()
        _ = values.deinitialize()
        values.deallocate()
    }

    /// The first member named `key` on the line last read, if it has one.
    subscript(key: Key) -> JSONLineValue? {
        for index in keys.indices where keys[index] == key { return values[index] }
        return nil
    }

    /// Keeps the members of the flat object `line` holds; `false`, with nothing kept, when the line is not such
    /// an object (it may still be valid JSON: see ``read(_:)``).
    func scan(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        clear()
        var scanner = JSONLineScanner(line)
        let names = UnsafeBufferPointer(self.names)
        let nameRanges = UnsafeBufferPointer(self.nameRanges)
        let values = self.values
        let isFlat = scanner.scanObject { name, value in
            for index in nameRanges.indices where values[index] == nil {
                let range = nameRanges[index]
                if UnsafeBufferPointer(rebasing: names[range]).hasSameBytes(as: name) {
                    values[index] = value
                }
            }
        }
        if !isFlat { clear() }
        return isFlat
    }

    /// Reads the object at `reader`'s position, whole, keeping its members as ``JSONValue``s.
    func read(_ reader: inout JSONPullReader) throws {
        clear()
        let values = self.values
        let keys = self.keys
        try reader.readObject { reader, name in
            let value = try reader.readValue()
            for index in keys.indices where values[index] == nil && keys[index].rawValue == name {
                values[index] = .value(value)
            }
        }
    }

    private func clear() {
        for index in values.indices { values[index] = nil }
    }
}

/// A member's value on a JSON line, decoded when asked.
enum JSONLineValue {
    /// A string without escapes: the bytes between its quotes, which are its UTF-8 text.
    case plainString(UnsafeBufferPointer<UInt8>)
    /// A string with escapes, a number, `true`, `false` or `null`: the token as written (a string's quotes
    /// included), checked to be valid.
    case token(UnsafeBufferPointer<UInt8>)
    /// A value read whole.
    case value(JSONValue)

    /// The value as a tree.
    var value: JSONValue {
        switch self {
        case .plainString(let bytes): return .string(String(decoding: bytes, as: UTF8.self))
        case .token(let bytes):
            var reader = JSONPullReader(bytes)
            // The scanner checked the token, so reading it cannot fail.
            return (try? reader.readValue()) ?? .null
        case .value(let value): return value
        }
    }

    /// A string without escapes as its bytes; `nil` for any other value.
    var plainBytes: UnsafeBufferPointer<UInt8>? {
        if case .plainString(let bytes) = self { return bytes }
        return nil
    }

    /// Whether the value is the string `text`.
    func isString(_ text: StaticString) -> Bool {
        if case .plainString(let bytes) = self {
            return bytes.count == text.utf8CodeUnitCount
                && bytes.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        return value.string.map { $0.utf8.elementsEqual(text.description.utf8) } ?? false
    }

    /// Whether the value is a string or a number: what ``Swift/Optional/text`` gives as text.
    var isText: Bool {
        switch self {
        case .plainString: return true
        case .token(let bytes):
            return bytes.first.map {
                $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "-")
                    || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
            } ?? false
        case .value(let value):
            switch value {
            case .string, .number: return true
            default: return false
            }
        }
    }

    /// The number as a `Double` (as ``JSONValue/double``).
    var double: Double? {
        if case .token(let bytes) = self, let first = bytes.first, first != UInt8(ascii: "\"") {
            // A number, or `true`, `false` or `null` (which are no number, as `Double` says of their text).
            return ShortDecimal.parse(bytes) ?? Double(String(decoding: bytes, as: UTF8.self))
        }
        return value.double
    }
    /// The number as an `Int` (as ``JSONValue/int``).
    var int: Int? { value.int }
}

extension Optional where Wrapped == JSONLineValue {
    /// The value as text: a string as it is, a number as written; `nil` otherwise (as ``JSONValue/text(_:)``).
    var text: String? {
        switch self {
        case .plainString(let bytes): String(decoding: bytes, as: UTF8.self)
        case .some(let other):
            switch other.value {
            case .string(let value): value
            case .number(let value): String(value)
            default: nil
            }
        case .none: nil
        }
    }

    /// Whether ``text`` is `nil` or empty, found without making it.
    var isEmptyText: Bool {
        if case .plainString(let bytes) = self { return bytes.isEmpty }
        return text?.isEmpty ?? true
    }
}
