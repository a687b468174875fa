import Testing

@testable import ResultBundle

/// ``JSONBytes/isVerbatim(_:)`` checks eight bytes at a time; it must agree with the byte-by-byte rule everywhere.
@Suite struct VerbatimBytesTests {
    private func byteByByte(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 <= 0x7E && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }

    @Test func everyByteValueAtEveryPositionOfShortAndWordLongBuffers() {
        for length in 1...19 {
            for position in 0..<length {
                for value in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = value
                    let verbatim = bytes.withUnsafeBufferPointer { JSONBytes.isVerbatim($0) }
                    #expect(verbatim == byteByByte(bytes), "byte \(value) at \(position) of \(length)")
                }
            }
        }
    }

    @Test func bytesNextToEachLimitInAWord() {
        // Neighbours of each limit side by side, where a borrow between bytes could hide or invent a match.
        let edges: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xFF]
        for first in edges {
            for second in edges {
                let bytes: [UInt8] = [first, second, 0x41, 0x42, second, first, 0x43, 0x7E]
                let verbatim = bytes.withUnsafeBufferPointer { JSONBytes.isVerbatim($0) }
                #expect(verbatim == byteByByte(bytes), "\(bytes)")
            }
        }
        #expect([UInt8]().withUnsafeBufferPointer { JSONBytes.isVerbatim($0) })
    }
}
