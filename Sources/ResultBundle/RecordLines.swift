import Foundation
import ResultModel

/// Splitting a record batch into lines and telling their kinds without decoding them.
enum RecordLines {
    private static let kindPrefix: [UInt8] = Array(#"{"kind":""#.utf8)

    /// Calls `body` with the byte range and the bytes of each non-empty line (without its newline) of a batch
    /// payload; the bytes are valid only during the call.
    static func forEachLine(
        in payload: [UInt8], _ body: (Range<Int>, UnsafeBufferPointer<UInt8>) throws -> Void
    ) rethrows {
        var start = 0
        let count = payload.count
        try payload.withUnsafeBufferPointer { buffer in
            while start < count {
                var end = start
                while end < count && buffer[end] != 0x0A { end += 1 }
                if end > start { try body(start..<end, UnsafeBufferPointer(rebasing: buffer[start..<end])) }
                start = end + 1
            }
        }
    }

    /// The range of the line that starts at `offset`, or `nil` when `offset` is out of bounds.
    static func line(in payload: [UInt8], at offset: Int) -> Range<Int>? {
        guard offset >= 0, offset < payload.count else { return nil }
        var end = offset
        while end < payload.count && payload[end] != 0x0A { end += 1 }
        return offset..<end
    }

    /// The line's kind when it starts with `{"kind":"` (as this library writes it), else `nil`.
    static func quickKind(_ payload: [UInt8], _ range: Range<Int>) -> Substring? {
        guard range.count > kindPrefix.count else { return nil }
        for (index, byte) in kindPrefix.enumerated() where payload[range.lowerBound + index] != byte { return nil }
        var end = range.lowerBound + kindPrefix.count
        while end < range.upperBound && payload[end] != UInt8(ascii: "\"") {
            if payload[end] == UInt8(ascii: "\\") { return nil }
            end += 1
        }
        guard end < range.upperBound else { return nil }
        return Substring(decoding: payload[(range.lowerBound + kindPrefix.count)..<end], as: UTF8.self)
    }
}
