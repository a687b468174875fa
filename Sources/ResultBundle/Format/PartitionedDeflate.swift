import CLibDeflate
import CZlib
import Dispatch
import Foundation

/// Compresses a large buffer into one zlib stream on several threads, as pigz does: each part is deflated on its
/// own (raw deflate, the parts before the last ending on a byte boundary with a sync flush), and the parts are
/// joined between one zlib header and the Adler-32 of the whole input. Any zlib reader inflates the result like
/// any other stream; each part just starts without the previous part's window, which costs a few bytes.
///
/// libdeflate cannot end data without a final block, so only the last part is libdeflate's; the parts before it
/// are zlib's. libdeflate is about ``lastPartWeight`` times as fast, so the last part is that much larger than each
/// of the others, and all finish at about the same time.
///
/// Used for the index, which is written at close when nothing else is left to overlap with.
enum PartitionedDeflate {
    /// Inputs smaller than this are compressed in one part.
    static let smallestPart = 128 << 10

    /// How much more of the input the last part (libdeflate) takes than each other part (zlib): libdeflate's level 1
    /// is 2.5 to 2.7 times as fast as zlib's on an index's bytes (docs/BENCHMARKS.md).
    static let lastPartWeight = 2.5

    /// The zlib stream of `input`, at `level`, compressed in up to `parts` parts at once.
    static func deflate(_ input: UnsafeRawBufferPointer, level: Int32, parts: Int) throws -> [UInt8] {
        let count = min(parts, max(1, input.count / smallestPart))
        guard count > 1 else { return try Compression.deflate(input, level: level) }
        let ranges = partRanges(count: input.count, parts: count)
        let results = PartResults(count: count)
        let shared = SharedInput(bytes: input)
        DispatchQueue.concurrentPerform(iterations: count) { part in
            let bytes = UnsafeRawBufferPointer(rebasing: shared.bytes[ranges[part]])
            let checksum = uLong(libdeflate_adler32(1, bytes.baseAddress, bytes.count))
            let last = part == count - 1
            results.set(
                part,
                Result {
                    if last {
                        var output = [UInt8]()
                        let produced = try OneShotDeflater(level: level).rawDeflate(of: bytes, into: &output)
                        return Array(output[0..<produced])
                    }
                    return try syncFlushedDeflate(bytes, level: level)
                }, checksum)
        }
        var stream: [UInt8] = [0x78, level >= 6 ? 0x9C : 0x01]
        // The whole input's Adler-32, combined from the parts' (each computed on its part's thread).
        var combined = adler32(0, nil, 0)
        for part in 0..<count {
            stream.append(contentsOf: try results.get(part))
            combined = adler32_combine(combined, results.checksum(part), off_t(ranges[part].count))
        }
        let checksum = UInt32(combined)
        stream.append(contentsOf: [
            UInt8(checksum >> 24), UInt8(checksum >> 16 & 0xFF), UInt8(checksum >> 8 & 0xFF), UInt8(checksum & 0xFF),
        ])
        return stream
    }

    /// The byte ranges of `parts` parts of `count` bytes: every part but the last of equal size, the last
    /// ``lastPartWeight`` times as large.
    static func partRanges(count: Int, parts: Int) -> [Range<Int>] {
        let size = Int((Double(count) / (Double(parts - 1) + lastPartWeight)).rounded(.up))
        return (0..<parts).map { part in
            part == parts - 1 ? (part * size)..<count : (part * size)..<((part + 1) * size)
        }
    }

    /// zlib's raw deflate data for `input`, not final, ending on a byte boundary (sync flush) so that the next
    /// part's data can follow.
    static func syncFlushedDeflate(_ input: UnsafeRawBufferPointer, level: Int32) throws -> [UInt8] {
        var stream = z_stream()
        // Memory level 9 (zlib's largest hash table): on the index's random hashes, fewer futile match searches.
        let status = deflateInit2_(
            &stream, level, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            throw BundleError(.corruptCompression, "zlib could not start compressing (status \(status))")
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 16)
        let (result, produced) = output.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            stream.next_out = out.baseAddress
            stream.avail_out = uInt(out.count)
            let result = CZlib.deflate(&stream, Z_SYNC_FLUSH)
            return (result, out.count - Int(stream.avail_out))
        }
        guard result == Z_OK, stream.avail_in == 0 else {
            throw BundleError(.corruptCompression, "zlib compression failed (status \(result))")
        }
        output.removeSubrange(produced...)
        return output
    }
}

/// The input, read by every part's thread while `deflate` waits for them.
///
/// Why `@unchecked Sendable` is sound: the bytes are only read, and `concurrentPerform` returns before the caller's
/// buffer can go away.
private struct SharedInput: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
}

/// The parts' results, each set by one thread and read after all have finished.
///
/// Why `@unchecked Sendable` is sound: every slot is written by exactly one iteration of `concurrentPerform`, under
/// the lock, and read only after `concurrentPerform` has returned.
private final class PartResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<[UInt8], any Error>?]
    private var checksums: [uLong]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
        checksums = Array(repeating: 0, count: count)
    }

    func set(_ part: Int, _ result: Result<[UInt8], any Error>, _ checksum: uLong) {
        lock.withLock {
            results[part] = result
            checksums[part] = checksum
        }
    }

    func get(_ part: Int) throws -> [UInt8] { try results[part]!.get() }

    /// The Adler-32 of the part's input alone.
    func checksum(_ part: Int) -> uLong { checksums[part] }
}
