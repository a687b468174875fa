import Foundation
import ResultModel

/// Readers of single field values that the generated record readers (`Generated/JSONCursor+Records.swift`) call:
/// `null` reads as `nil` or an empty array, repeated strings go through the batch's string cache, and the common
/// statuses are matched from their bytes.
extension JSONCursor {
    mutating func optionalString() throws -> String? { readNull() ? nil : try readString() }
    mutating func optionalDouble() throws -> Double? { readNull() ? nil : try readDouble() }
    mutating func optionalInt() throws -> Int? { readNull() ? nil : try readInt() }

    mutating func stringArray() throws -> [String] {
        if readNull() { return [] }
        var values: [String] = []
        try readArray { values.append(try $0.readString()) }
        return values
    }

    mutating func repeatingStringArray() throws -> [String] {
        if readNull() { return [] }
        let rest = UnsafeBufferPointer(rebasing: bytes[position...])
        if let strings, let repeated = strings.repeatedArray(startOf: rest) {
            position += repeated.length
            return repeated.array
        }
        let start = position
        var values: [String] = []
        try readArray { values.append(try $0.readRepeatingString()) }
        strings?.remember(values, text: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        return values
    }

    mutating func array<T>(_ element: (inout JSONCursor) throws -> T) throws -> [T] {
        if readNull() { return [] }
        var values: [T] = []
        try readArray { values.append(try element(&$0)) }
        return values
    }

    mutating func decodeStatus() throws -> TestStatus {
        guard peek() == UInt8(ascii: "\""), let status = Self.status(after: bytes, at: position) else {
            return TestStatus(rawValue: try readString()) ?? .unknown
        }
        position += status.rawValue.utf8.count + 2
        return status
    }

    /// The status whose quoted name starts at `start`, for the common ones; `nil` otherwise.
    private static func status(after bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> TestStatus? {
        let rest = UnsafeBufferPointer(rebasing: bytes[(start + 1)...])
        func spells(_ name: StaticString) -> Bool {
            rest.count > name.utf8CodeUnitCount
                && UnsafeBufferPointer(rebasing: rest[0..<name.utf8CodeUnitCount]).equals(name)
                && rest[name.utf8CodeUnitCount] == UInt8(ascii: "\"")
        }
        switch rest.first {
        case UInt8(ascii: "p"): return spells("passed") ? .passed : nil
        case UInt8(ascii: "f"): return spells("failed") ? .failed : nil
        case UInt8(ascii: "s"): return spells("skipped") ? .skipped : nil
        default: return nil
        }
    }
}

extension JSONCursor {
    /// An integer that fits in `Int32`; a larger one is an error, not a trap.
    mutating func readInt32() throws -> Int32 {
        guard let value = Int32(exactly: try readInt()) else { throw failure("integer out of range") }
        return value
    }

    mutating func readInt64() throws -> Int64 { Int64(try readInt()) }

    /// A string that must be one of the enumeration's values (for enumerations without an "unknown" value).
    mutating func readEnumeration<Value: RawRepresentable>(_ type: Value.Type) throws -> Value
    where Value.RawValue == String {
        let text = try readString()
        guard let value = Value(rawValue: text) else { throw failure("unknown value \"\(text)\"") }
        return value
    }

    /// An object of names to integers (a run end's `reportedCounts`), its names read with their escapes.
    mutating func intDictionary() throws -> [String: Int] {
        if readNull() { return [:] }
        var values: [String: Int] = [:]
        let start = bytes.baseAddress!
        try readObject { cursor, key in
            var name = cursor
            // The key's raw bytes lie in this line, after its opening quote.
            name.position = (key.baseAddress ?? start + cursor.position) - start - 1
            values[try name.readString()] = try cursor.readInt()
        }
        return values
    }
}
