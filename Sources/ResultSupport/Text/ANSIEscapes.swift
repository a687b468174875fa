/// The one reader of ANSI escape sequences in text that is shown, stored or exported (console logs, messages,
/// names): where each sequence starts and ends, as ECMA-48 delimits them. The terminal emulator interprets
/// sequences; everything else only needs to find, drop or color by them, and does it here, so a sequence ends in
/// the same place in the importers, the report, the JUnit export and the summary.
///
/// - CSI `ESC [` runs to its final byte (0x40-0x7E), which it includes.
/// - OSC `ESC ]`, and the strings DCS `ESC P`, SOS `ESC X`, PM `ESC ^` and APC `ESC _`, run to BEL or to the string
///   terminator `ESC \`, which they include; an ESC followed by anything else ends them before that ESC.
/// - Any other `ESC`, its intermediate bytes (0x20-0x2F) and one final byte (0x30-0x7E): `ESC ( B`, `ESC 7`.
/// - A sequence cut off by the end of the text runs to that end.
package enum ANSIEscapes {
    /// A sequence's kind, as renderers need it.
    package enum Kind: Equatable {
        /// A control sequence with its final byte (`m` is SGR, a color or attribute change).
        case controlSequence(final: UInt8)
        /// An operating-system command or another control string.
        case controlString
        /// Any other escape sequence.
        case other
    }

    /// The length of the sequence starting at `start` (an ESC byte), ESC included, and its kind.
    package static func sequence(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (length: Int, kind: Kind) {
        var index = start + 1
        guard index < bytes.count else { return (1, .other) }
        let introducer = bytes[index]
        switch introducer {
        case UInt8(ascii: "["):
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if (0x40...0x7E).contains(byte) { return (index - start, .controlSequence(final: byte)) }
            }
            return (index - start, .controlSequence(final: 0))
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x07 { return (index + 1 - start, .controlString) }
                if byte == 0x1B {
                    let terminated = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\\")
                    return ((terminated ? index + 2 : index) - start, .controlString)
                }
                index += 1
            }
            return (index - start, .controlString)
        default:
            while index < bytes.count, (0x20...0x2F).contains(bytes[index]) { index += 1 }
            if index < bytes.count, (0x30...0x7E).contains(bytes[index]) { index += 1 }
            return (index - start, .other)
        }
    }

    /// Calls `text` with each run of bytes outside sequences and `escape` with each sequence, in order.
    package static func forEachPart(
        of bytes: UnsafeBufferPointer<UInt8>, text: (Range<Int>) throws -> Void,
        escape: (Range<Int>, Kind) throws -> Void
    ) rethrows {
        var start = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B else {
                index += 1
                continue
            }
            if start < index { try text(start..<index) }
            let (length, kind) = sequence(in: bytes, at: index)
            try escape(index..<(index + length), kind)
            index += length
            start = index
        }
        if start < bytes.count { try text(start..<bytes.count) }
    }

    /// Whether `bytes` hold an ESC at all (the common case is no, and costs one scan).
    package static func containsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains(0x1B)
    }

    /// `bytes` without their escape sequences.
    package static func strip(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        forEachPart(of: bytes, text: { result.append(contentsOf: bytes[$0]) }, escape: { _, _ in })
        return result
    }

    /// `text` without its escape sequences (itself when it has none).
    package static func strip(_ text: String) -> String {
        guard text.utf8.contains(0x1B) else { return text }
        var copy = text
        return copy.withUTF8 { String(decoding: strip($0), as: UTF8.self) }
    }
}
