import Foundation
import ResultModel
import ResultSupport

/// Splitting a record batch into lines and telling their kinds without decoding them.
enum RecordLines {
    private static let kindPrefix: [UInt8] = Array(#"{"kind":""#.utf8)

    /// Calls `body` with the byte range and the bytes of each non-empty line (without its newline) of a batch
    /// payload; the bytes are valid only during the call.
    static func forEachLine(
        in payload: [UInt8], _ body: (Range<Int>, UnsafeBufferPointer<UInt8>) throws -> Void
    ) rethrows {
        try payload.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            var start = 0
            while start < count {
                let end =
                    memchr(base + start, 0x0A, count - start).map {
                        UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base
                    } ?? count
                if end > start { try body(start..<end, UnsafeBufferPointer(rebasing: buffer[start..<end])) }
                start = end + 1
            }
        }
    }

    /// The range of the line that starts at `offset`, or `nil` when `offset` is out of bounds.
    static func line(in payload: [UInt8], at offset: Int) -> Range<Int>? {
        guard offset >= 0, offset < payload.count else { return nil }
        // memchr, not a loop over the bytes: a line may be 64 MiB.
        let end = payload.withUnsafeBufferPointer { buffer in
            memchr(buffer.baseAddress! + offset, 0x0A, buffer.count - offset).map {
                UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - buffer.baseAddress!
            } ?? buffer.count
        }
        return offset..<end
    }

    /// Whether the line is known not to be of `kind`: it starts with `{"kind":"` (as this library writes it)
    /// followed by another kind's name. A line written differently, or with an escape in its kind, is not ruled out.
    static func isOtherKind(_ line: UnsafeBufferPointer<UInt8>, than kind: RecordLine.Kind) -> Bool {
        let prefixLength = kindPrefix.count
        guard line.count > prefixLength, line.hasPrefix(kindPrefix) else { return false }
        var end = prefixLength
        while end < line.count && line[end] != UInt8(ascii: "\"") {
            if line[end] == UInt8(ascii: "\\") { return false }
            end += 1
        }
        guard end < line.count else { return false }
        return !UnsafeBufferPointer(rebasing: line[prefixLength..<end]).elementsEqual(kind.rawValue.utf8)
    }
}
