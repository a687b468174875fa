import CZlib
import Dispatch
import Foundation

/// Compresses a large buffer into one zlib stream on several threads, as pigz does: each part is deflated on its
/// own (raw deflate, the parts before the last ending on a byte boundary with a sync flush), and the parts are
/// joined between one zlib header and the Adler-32 of the whole input. Any zlib reader inflates the result like
/// any other stream; each part just starts without the previous part's window, which costs a few bytes.
///
/// Used for the index, which is written at close when nothing else is left to overlap with.
enum PartitionedDeflate {
    /// Inputs smaller than this are compressed in one part.
    static let smallestPart = 128 << 10

    /// The zlib stream of `input`, at `level`, compressed in up to `parts` parts at once.
    static func deflate(_ input: UnsafeRawBufferPointer, level: Int32, parts: Int) throws -> [UInt8] {
        let count = min(parts, max(1, input.count / smallestPart))
        guard count > 1 else { return try Compression.deflate(input, level: level) }
        let size = (input.count + count - 1) / count
        let results = PartResults(count: count)
        let shared = SharedInput(bytes: input)
        DispatchQueue.concurrentPerform(iterations: count) { part in
            let range = (part * size)..<min(shared.bytes.count, (part + 1) * size)
            let bytes = UnsafeRawBufferPointer(rebasing: shared.bytes[range])
            let checksum = adler32(adler32(0, nil, 0), bytes.bindMemory(to: Bytef.self).baseAddress, uInt(bytes.count))
            results.set(part, Result { try rawDeflate(bytes, level: level, last: part == count - 1) }, checksum)
        }
        var stream: [UInt8] = [0x78, level >= 6 ? 0x9C : 0x01]
        // The whole input's Adler-32, combined from the parts' (each computed on its part's thread).
        var combined = adler32(0, nil, 0)
        for part in 0..<count {
            stream.append(contentsOf: try results.get(part))
            let length = min(input.count, (part + 1) * size) - part * size
            combined = adler32_combine(combined, results.checksum(part), off_t(length))
        }
        let checksum = UInt32(combined)
        stream.append(contentsOf: [
            UInt8(checksum >> 24), UInt8(checksum >> 16 & 0xFF), UInt8(checksum >> 8 & 0xFF), UInt8(checksum & 0xFF),
        ])
        return stream
    }

    /// Raw deflate data for `input`: ending the stream when `last`, else ending on a byte boundary (sync flush) so
    /// that the next part's data can follow.
    private static func rawDeflate(_ input: UnsafeRawBufferPointer, level: Int32, last: Bool) throws -> [UInt8] {
        var stream = z_stream()
        // Memory level 9 (zlib's largest hash table): on the index's random hashes, fewer futile match searches.
        let status = deflateInit2_(
            &stream, level, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            throw BundleError(.corruptCompression, "zlib could not start compressing (status \(status))")
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 16)
        let flush = last ? Z_FINISH : Z_SYNC_FLUSH
        let (result, produced) = output.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            stream.next_out = out.baseAddress
            stream.avail_out = uInt(out.count)
            let result = CZlib.deflate(&stream, flush)
            return (result, out.count - Int(stream.avail_out))
        }
        guard result == (last ? Z_STREAM_END : Z_OK), stream.avail_in == 0 else {
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
