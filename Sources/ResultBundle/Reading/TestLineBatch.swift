import Foundation
import ResultModel

/// The test lines of one record batch, handed to a transform on the thread that inflated it (see
/// ``BundleReader/forEachTestBatch(_:_:)``): each line decoded into a ``ResultModel/TestRecord``, except a plain
/// passed test (``PlainPassedTest``) of the same suite as the test before it, which is handed over as its text.
///
/// Used on one thread only: lines that cannot be decoded are collected in ``damage``.
final class TestLineBatch: TestBatch {
    private let payload: [UInt8]
    private let frameOffset: Int64
    private let decoding: RecordBatchDecoding
    /// The lines that could not be decoded so far.
    private(set) var damage: [BundleDamage] = []

    /// One line (without its newline). Its bytes are valid only during the call that receives it.
    struct Line {
        /// The line's text: one JSON object.
        let bytes: UnsafeBufferPointer<UInt8>
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
    var maxStringBytes: Int { decoding.maxStringBytes }

    /// The size of the batch's text in bytes.
    var byteCountHint: Int { payload.count }

    /// Calls `body` with each line that may hold a test, in order (lines of other kinds are skipped unread).
    func forEachLine(_ body: (Line) throws -> Void) rethrows {
        try RecordLines.forEachLine(in: payload) { range, bytes in
            if RecordLines.isOtherKind(bytes, than: .test) { return }
            try body(Line(bytes: bytes, offset: range.lowerBound))
        }
    }

    /// The test `line` holds; `nil` when it holds another kind of record, or when it cannot be decoded (then it
    /// is added to ``damage`` and skipped, as every reader of the bundle skips it).
    func decode(_ line: Line) -> TestRecord? {
        do {
            return try RecordLineCodec.decodeTest(
                line.bytes, strings: decoding.strings, maxStringBytes: decoding.maxStringBytes)
        } catch {
            damage.append(decoding.damage(error, at: line.offset, frameOffset: frameOffset))
            return nil
        }
    }

    /// Hands over each test: a plain passed test with the same run, module and suites (the same text) as the last
    /// test decoded before it, and a name no longer than decoded strings may be, as its text; any other as a record.
    func forEachTest(
        _ record: (consuming TestRecord) throws -> Void, passedInSameSuite: (PassedTestInSuite) throws -> Void
    ) throws {
        // The text of the last decoded test's run, module and suites, while it is in this library's own form.
        var suiteText: [UInt8]?
        try forEachLine { line in
            if let plain = PlainPassedTest(line: line.bytes), let previous = suiteText, plain.hasSuiteText(previous),
                plain.name.count <= maxStringBytes
            {
                try passedInSameSuite(PassedTestInSuite(name: plain.name, start: plain.start, duration: plain.duration))
            } else if let test = decode(line) {
                suiteText = PlainPassedTest.suiteText(of: line.bytes).map(Array.init)
                try record(test)
            }
        }
    }
}
