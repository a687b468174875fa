import Dispatch
import Foundation
import ResultModel

/// Reading one record batch into records without touching a reader's state, so batches can be decoded on a
/// background thread. Damage is returned, not thrown: a damaged batch or line is skipped and described.
///
/// Why `@unchecked Sendable` is sound: an instance is handed to one thread and used only there (its string cache
/// is not shared), and its frame source reads with `pread`, which is safe from several threads.
struct RecordBatchDecoding: @unchecked Sendable {
    let source: FrameSource
    let strings = StringCache()
    /// Strings of decoded records longer than this are cut (``BundleLimits/maxDecodedStringBytes``).
    var maxStringBytes: Int { source.limits.maxDecodedStringBytes }

    /// A value, or the damage that stood in its way.
    enum Outcome<Value> {
        case value(Value)
        case damage(BundleDamage)
    }

    /// A decoded batch: the records of the wanted kind, and the damage met on the way.
    struct Batch<Record> {
        var offset: Int64
        var records: [Record] = []
        var damage: [BundleDamage] = []
    }

    /// How the lines of one kind become records on a decoding thread.
    struct Extraction<Record>: Sendable {
        var kind: RecordLine.Kind
        /// Appends the record a line of `kind` holds (or nothing, to skip the line); throws when the line is not a
        /// valid record.
        var record: @Sendable (RecordBatchDecoding, UnsafeBufferPointer<UInt8>, inout [Record]) throws -> Void
    }

    /// Decodes the lines of `extraction`'s kind of the record batch at `offset`.
    /// - Throws: only I/O errors; damage is in the result.
    func decode<Record>(frameAt offset: Int64, _ extraction: Extraction<Record>) throws -> Batch<Record> {
        var batch = Batch<Record>(offset: offset)
        let outcome = try Self.withPayload(at: offset, source: source) { payload in
            // Lines are about 150 bytes; growing the array would copy every record decoded so far.
            // (At most 64 Ki: a batch of a few huge records must not reserve room for half a million.)
            batch.records.reserveCapacity(min(payload.count / 128 + 1, 1 << 16))
            RecordLines.forEachLine(in: payload) { range, bytes in
                if RecordLines.isOtherKind(bytes, than: extraction.kind) { return }
                do {
                    try extraction.record(self, bytes, &batch.records)
                } catch {
                    batch.damage.append(damage(error, at: range.lowerBound, frameOffset: offset))
                }
            }
        }
        if case .damage(let problem) = outcome { batch.damage.append(problem) }
        return batch
    }

    /// Decodes one line (at `lineOffset` in its batch's payload), describing an undecodable line as damage.
    func decodeLine(_ bytes: UnsafeBufferPointer<UInt8>, at lineOffset: Int, frameOffset: Int64)
        -> Outcome<RecordLine>
    {
        do {
            return .value(
                try RecordLineCodec.decode(
                    bytes, strings: strings, maxStringBytes: maxStringBytes))
        } catch {
            return .damage(damage(error, at: lineOffset, frameOffset: frameOffset))
        }
    }

    func damage(_ error: any Error, at lineOffset: Int, frameOffset: Int64) -> BundleDamage {
        BundleDamage(
            kind: .unreadableRecord, byteOffset: frameOffset,
            message: "record batch at byte \(frameOffset): the line at byte \(lineOffset) of its payload"
                + " is not a valid record (\(BundleReader.describe(error))); the line is skipped")
    }

    /// Batches whose payload is larger than this are inflated and handled one at a time, whatever the number of
    /// decoding threads: a bundle of a few huge records then costs one of them in memory, not one per thread.
    static let largePayloadBytes = 8 << 20
    private static let largePayloadGate = DispatchSemaphore(value: 1)

    /// Calls `body` with the uncompressed payload of the record batch at `offset` (one large payload at a time, see
    /// ``largePayloadBytes``), or returns the damage that makes it unreadable.
    /// - Throws: I/O errors, and what `body` throws.
    static func withPayload<T>(
        at offset: Int64, source: FrameSource, _ body: ([UInt8]) throws -> T
    ) throws -> Outcome<T> {
        let frame: FrameSource.CheckedFrame
        do {
            frame = try checkedBatchFrame(at: offset, source: source)
        } catch let problem as BundleError where problem.code != .io {
            return .damage(damage(problem, at: offset))
        }
        let isLarge = Int(frame.header.uncompressedLength) > largePayloadBytes
        if isLarge { largePayloadGate.wait() }
        defer { if isLarge { largePayloadGate.signal() } }
        let payload: [UInt8]
        do {
            payload = try source.uncompressedPayload(frame)
        } catch let problem as BundleError where problem.code != .io {
            return .damage(damage(problem, at: offset))
        }
        return .value(try body(payload))
    }

    private static func checkedBatchFrame(at offset: Int64, source: FrameSource) throws -> FrameSource.CheckedFrame {
        let frame = try source.checkedFrame(at: offset)
        guard frame.header.type == .recordBatch else {
            throw BundleError(
                .damaged, "the index points at a \(FrameType.describe(frame.header.typeByte)), not a record batch",
                path: source.path, byteOffset: offset)
        }
        return frame
    }

    private static func damage(_ problem: BundleError, at offset: Int64) -> BundleDamage {
        BundleDamage(
            kind: .damagedFrame, byteOffset: offset,
            message: "record batch: \(problem.message); its records are skipped")
    }

    /// The uncompressed payload of the record batch at `offset`, or the damage that makes it unreadable.
    /// - Throws: I/O errors only.
    static func payload(at offset: Int64, source: FrameSource) throws -> Outcome<[UInt8]> {
        do {
            return .value(try source.uncompressedPayload(try checkedBatchFrame(at: offset, source: source)))
        } catch let problem as BundleError where problem.code != .io {
            return .damage(damage(problem, at: offset))
        }
    }
}
