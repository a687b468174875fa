/// Splitting and reading the small fields of text coverage formats (`DA:12,3`, `f.go:1.2,3.4 1 0`) from bytes,
/// without building strings for numbers.
enum ByteFields {
    /// `bytes` split at `separator`, at most `maxParts` parts (the last holding the rest).
    static func split(
        _ bytes: UnsafeBufferPointer<UInt8>.SubSequence, separator: UInt8, maxParts: Int
    ) -> [UnsafeBufferPointer<UInt8>.SubSequence] {
        var parts: [UnsafeBufferPointer<UInt8>.SubSequence] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == separator && parts.count < maxParts - 1 {
                parts.append(bytes[start..<index])
                start = index + 1
            }
            index += 1
        }
        parts.append(bytes[start..<bytes.endIndex])
        return parts
    }

    /// A whole decimal number of at most 18 digits, or `nil` (a line number past that is out of range anyway).
    static func integer(_ bytes: some Collection<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// A line number: a whole decimal number, possibly negative, or `nil`. Numbers too long for any line are
    /// `Int.max`, which the context refuses as out of range.
    static func lineNumber(_ bytes: some Collection<UInt8>) -> Int? {
        if bytes.first == UInt8(ascii: "-") {
            return integer(bytes.dropFirst()).map { -$0 } ?? (isDigits(bytes.dropFirst()) ? Int.min : nil)
        }
        if let value = integer(bytes) { return value }
        return isDigits(bytes) ? Int.max : nil
    }

    static func isDigits(_ bytes: some Collection<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    static func text(_ bytes: some Collection<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Whether `bytes` start with `prefix`.
    static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        for index in 0..<count where bytes[index] != prefix.utf8Start[index] { return false }
        return true
    }
}
