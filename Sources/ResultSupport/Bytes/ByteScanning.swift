import Foundation

/// Small, allocation-free helpers for matching ASCII patterns in a line of bytes.
extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether the bytes start with `prefix`.
    @inline(__always)
    package func hasPrefix(_ prefix: StaticString) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard count >= length else { return false }
        return memcmp(baseAddress!, prefix.utf8Start, length) == 0
    }

    /// Whether the bytes start with `prefix`'s.
    package func hasPrefix(_ prefix: [UInt8]) -> Bool {
        guard count >= prefix.count else { return false }
        guard !prefix.isEmpty else { return true }
        return prefix.withUnsafeBufferPointer { memcmp(baseAddress!, $0.baseAddress!, prefix.count) == 0 }
    }

    /// Whether the bytes are `other`'s.
    package func hasSameBytes(as other: [UInt8]) -> Bool {
        guard count == other.count else { return false }
        guard count > 0 else { return true }
        return other.withUnsafeBufferPointer { memcmp(baseAddress!, $0.baseAddress!, count) == 0 }
    }

    /// Whether the bytes are those of `other`, another buffer (no array made of either).
    @inline(__always)
    package func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        return count == 0 || memcmp(baseAddress!, other.baseAddress!, count) == 0
    }

    /// Negative, zero or positive as the bytes sort before, with or after `other`'s, byte by byte (a prefix first).
    @inline(__always)
    package func compareBytes(with other: UnsafeBufferPointer<UInt8>) -> Int {
        let shared = Swift.min(count, other.count)
        if shared > 0 {
            let result = memcmp(baseAddress!, other.baseAddress!, shared)
            if result != 0 { return Int(result) }
        }
        return count - other.count
    }

    /// Whether the bytes end with `suffix`.
    package func hasSuffix(_ suffix: StaticString) -> Bool {
        let length = suffix.utf8CodeUnitCount
        guard count >= length else { return false }
        return memcmp(baseAddress! + (count - length), suffix.utf8Start, length) == 0
    }

    /// The index of the first occurrence of `needle` at or after `start`, when any.
    package func firstRange(of needle: StaticString, from start: Int = 0) -> Range<Int>? {
        let length = needle.utf8CodeUnitCount
        guard length > 0, count - start >= length, let base = baseAddress else { return nil }
        let first = needle.utf8Start.pointee
        var position = start
        while position <= count - length {
            guard let found = memchr(base + position, Int32(first), count - length - position + 1) else {
                return nil
            }
            let index = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            if memcmp(base + index, needle.utf8Start, length) == 0 { return index..<(index + length) }
            position = index + 1
        }
        return nil
    }

    /// The index of the last occurrence of `needle`, when any.
    package func lastRange(of needle: StaticString) -> Range<Int>? {
        let length = needle.utf8CodeUnitCount
        guard length > 0, count >= length, let base = baseAddress else { return nil }
        let first = needle.utf8Start.pointee
        var index = count - length
        while index >= 0 {
            if base[index] == first, memcmp(base + index, needle.utf8Start, length) == 0 {
                return index..<(index + length)
            }
            index -= 1
        }
        return nil
    }

    /// The index of the first `byte` at or after `start`.
    package func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        guard start < count, let base = baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), count - start) else { return nil }
        return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
    }

    /// The bytes in `range` as a String (invalid UTF-8 becomes U+FFFD).
    package func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: self[range]), as: UTF8.self)
    }

    /// The whole line as a String.
    package var string: String { String(decoding: self, as: UTF8.self) }

    /// A non-negative decimal integer in `range`, when it is one.
    package func integer(_ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count < 19 else { return nil }
        var value = 0
        for index in range {
            let digit = Int(self[index]) - 48
            guard digit >= 0 && digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// A decimal number in `range` (`0.105`, `1e-3`), when it is one.
    package func double(_ range: Range<Int>) -> Double? {
        guard !range.isEmpty, range.count < 64 else { return nil }
        return ShortDecimal.parse(UnsafeBufferPointer(rebasing: self[range])) ?? Double(string(range))
    }
}

extension String {
    /// Whether the string's UTF-8 bytes contain `needle`: a `memchr` scan, much faster than the generic
    /// collection search that `contains(_:)` and `utf8.firstRange(of:)` fall back to.
    package func containsBytes(_ needle: StaticString) -> Bool {
        var copy = self
        return copy.withUTF8 { $0.firstRange(of: needle) != nil }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes spell `text` (an ASCII key).
    @inline(__always)
    package func equals(_ text: StaticString) -> Bool {
        count == text.utf8CodeUnitCount && (count == 0 || memcmp(baseAddress!, text.utf8Start, count) == 0)
    }
}
