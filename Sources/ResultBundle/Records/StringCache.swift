import Foundation
import ResultSupport

/// Reuses the `String`s of byte sequences seen recently, so decoding thousands of tests of the same module and
/// suite allocates each name once instead of once per test.
///
/// A direct-mapped table keyed by a hash of the bytes; a miss decodes the bytes (repairing invalid UTF-8 as
/// `String(decoding:as:)` does) and replaces the slot. Only short strings are cached.
final class StringCache {
    private static let slotCount = 256
    private static let longest = 96
    private var slots: [(bytes: [UInt8], string: String)?] = Array(repeating: nil, count: slotCount)

    /// The string these UTF-8 bytes decode to.
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count <= Self.longest, bytes.count > 15 else {
            // Up to 15 ASCII bytes, a String is stored inline and costs no allocation.
            return String(decoding: bytes, as: UTF8.self)
        }
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let slot = Int(hash % UInt32(Self.slotCount))
        if let cached = slots[slot], cached.bytes.elementsEqual(bytes) { return cached.string }
        let string = String(decoding: bytes, as: UTF8.self)
        slots[slot] = (Array(bytes), string)
        return string
    }

    /// The JSON text of the last string array read through ``array(at:in:)``, and that array: consecutive tests
    /// nearly always have the same suites.
    private var lastArrayText: [UInt8] = []
    private var lastArray: [String] = []

    /// The array whose JSON text starts `bytes` (a complete JSON value is never a prefix of a different one), when
    /// it is the one remembered last; returns it and the length of its text.
    func repeatedArray(startOf bytes: UnsafeBufferPointer<UInt8>) -> (array: [String], length: Int)? {
        let length = lastArrayText.count
        guard length > 0, bytes.hasPrefix(lastArrayText) else { return nil }
        return (lastArray, length)
    }

    /// Remembers `array`, read from the JSON text `text`.
    func remember(_ array: [String], text: UnsafeBufferPointer<UInt8>) {
        lastArrayText = Array(text)
        lastArray = array
    }
}
