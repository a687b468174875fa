import Foundation
import ResultModel

/// The test lines of one record batch, handed to a transform on the thread that inflated it (see
/// ``BundleReader/forEachTestLineChunk(_:_:)``): each line's bytes, decoded into a ``ResultModel/TestRecord`` only
/// when the transform asks. A transform that can write a test from its text (``PlainPassedTest``) skips decoding it.
///
/// Used on one thread only: lines that cannot be decoded are collected in ``damage``.
public final class TestLineBatch {
    private let payload: [UInt8]
    private let frameOffset: Int64
    private let decoding: RecordBatchDecoding
    /// The lines that could not be decoded so far.
    public private(set) var damage: [BundleDamage] = []

    /// One line (without its newline). Its bytes are valid only during the call that receives it.
    public struct Line {
        /// The line's text: one JSON object.
        public let bytes: UnsafeBufferPointer<UInt8>
        /// Where the line starts in the batch's payload.
        let offset: Int
    }

    init(payload: [UInt8], frameOffset: Int64, decoding: RecordBatchDecoding) {
        self.payload = payload
        self.frameOffset = frameOffset
        self.decoding = decoding
    }

    /// Strings longer than this are cut when a line is decoded (``BundleLimits/maxDecodedStringBytes``); a
    /// transform that writes from a line's text must not write a longer one either.
    public var maxStringBytes: Int { decoding.maxStringBytes }

    /// The size of the batch's text in bytes.
    public var byteCount: Int { payload.count }

    /// Calls `body` with each line that may hold a test, in order (lines of other kinds are skipped unread).
    public func forEachLine(_ body: (Line) throws -> Void) rethrows {
        try RecordLines.forEachLine(in: payload) { range, bytes in
            if RecordLines.isOtherKind(bytes, than: .test) { return }
            try body(Line(bytes: bytes, offset: range.lowerBound))
        }
    }

    /// The test `line` holds; `nil` when it holds another kind of record, or when it cannot be decoded (then it
    /// is added to ``damage`` and skipped, as every reader of the bundle skips it).
    public func decode(_ line: Line) -> TestRecord? {
        do {
            return try RecordLineCodec.decodeTest(
                line.bytes, strings: decoding.strings, maxStringBytes: decoding.maxStringBytes)
        } catch {
            damage.append(decoding.damage(error, at: line.offset, frameOffset: frameOffset))
            return nil
        }
    }
}
