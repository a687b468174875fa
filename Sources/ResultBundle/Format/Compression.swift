import CLibDeflate
import CZlib
import Foundation

/// zlib streams (RFC 1950: deflate with a 2-byte header and an Adler-32 trailer).
enum Compression {
    /// The compression level blobs are written with.
    static let level: Int32 = 6

    /// Compresses `input` into one zlib stream (with libdeflate, at `level`, 1 to 12).
    static func deflate(_ input: UnsafeRawBufferPointer, level: Int32 = Compression.level) throws -> [UInt8] {
        var output = [UInt8]()
        let produced = try OneShotDeflater(level: level).zlibStream(of: input, into: &output)
        output.removeSubrange(produced...)
        return output
    }

    /// Inflates one zlib stream that must produce exactly `expected` bytes; never allocates more.
    /// The caller has checked `expected` against the limits, and the frame's CRC-32 over these bytes: so the
    /// stream's 2-byte header is checked here and its deflate data inflated raw (by libdeflate, two to three times
    /// as fast as zlib), without recomputing the Adler-32 of every inflated byte to guard what the CRC guards.
    static func inflate(_ input: UnsafeRawBufferPointer, expected: Int) throws -> [UInt8] {
        guard input.count >= 6 else {
            throw BundleError(.corruptCompression, "compressed data is too short for a zlib stream")
        }
        let method = input[0]
        let flags = input[1]
        guard method & 0x0F == 8, method >> 4 <= 7, (UInt16(method) << 8 | UInt16(flags)) % 31 == 0,
            flags & 0x20 == 0
        else {
            throw BundleError(.corruptCompression, "compressed data does not start with a zlib header")
        }
        return try inflateRaw(UnsafeRawBufferPointer(rebasing: input[2...]), expected: expected)
    }

    /// Inflates one part of an index written in parts (format 1.6): raw deflate data that ends either with the
    /// stream's final block (`isFinal`) or with a sync flush, after which an empty final block (`03 00`, what zlib
    /// writes to finish a stream after a flush) is all that is missing for it to inflate on its own.
    static func inflatePart(_ input: UnsafeRawBufferPointer, expected: Int, isFinal: Bool) throws -> [UInt8] {
        guard !isFinal else { return try inflateRaw(input, expected: expected) }
        let closed = Array(input) + [0x03, 0x00]
        return try closed.withUnsafeBytes { try inflateRaw($0, expected: expected) }
    }

    /// Inflates raw deflate data that must produce exactly `expected` bytes.
    private static func inflateRaw(_ deflateData: UnsafeRawBufferPointer, expected: Int) throws -> [UInt8] {
        guard let decompressor = libdeflate_alloc_decompressor() else {
            throw BundleError(.corruptCompression, "libdeflate could not start inflating")
        }
        defer { libdeflate_free_decompressor(decompressor) }
        var result = LIBDEFLATE_SUCCESS
        var produced = 0
        // One spare byte past `expected`, so that data inflating to more says so instead of failing as corrupt.
        let output = [UInt8](unsafeUninitializedCapacity: expected + 1) { out, initialized in
            result = libdeflate_deflate_decompress(
                decompressor, deflateData.baseAddress, deflateData.count, out.baseAddress, expected + 1, &produced)
            initialized = result == LIBDEFLATE_SUCCESS ? min(produced, expected) : 0
        }
        switch result {
        case LIBDEFLATE_SUCCESS where produced == expected:
            return output
        case LIBDEFLATE_SUCCESS where produced > expected, LIBDEFLATE_INSUFFICIENT_SPACE:
            throw BundleError(
                .corruptCompression, "compressed data inflates to more than the declared \(expected) bytes")
        case LIBDEFLATE_SUCCESS:
            throw BundleError(
                .corruptCompression, "compressed data inflates to \(produced) bytes, not the declared \(expected)")
        default:
            throw BundleError(
                .corruptCompression, "compressed data is not a complete deflate stream (corrupt or cut short)")
        }
    }
}

/// A streaming zlib inflater that writes into buffers the caller hands it, so output is bounded by the caller.
final class Inflater {
    private var stream = z_stream()
    private var isEnded = false

    /// Creates an inflater of zlib streams, or of raw deflate data when `raw` (no header, no Adler-32).
    init(raw: Bool = false) throws {
        let status = inflateInit2_(&stream, raw ? -15 : 15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            throw BundleError(.corruptCompression, "zlib could not start inflating (status \(status))")
        }
    }

    deinit { if !isEnded { inflateEnd(&stream) } }

    /// Inflates `input`. `into` returns where to write next (a non-empty buffer), `advance` is told how many bytes
    /// were written there. Returns whether the zlib stream ended. Throws on corrupt data.
    func feed(
        _ input: UnsafeRawBufferPointer,
        into nextOutput: () throws -> UnsafeMutableRawBufferPointer,
        advance: (Int) throws -> Void
    ) throws -> Bool {
        guard input.count > 0 else { return false }
        stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
        stream.avail_in = uInt(input.count)
        while true {
            let out = try nextOutput()
            stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
            stream.avail_out = uInt(out.count)
            let status = CZlib.inflate(&stream, Z_NO_FLUSH)
            let written = out.count - Int(stream.avail_out)
            if written > 0 { try advance(written) }
            switch status {
            case Z_STREAM_END:
                return true
            case Z_OK:
                if stream.avail_in == 0 && stream.avail_out > 0 { return false }
            case Z_BUF_ERROR:
                if stream.avail_in == 0 { return false }
                throw BundleError(.corruptCompression, "zlib stream is corrupt (no progress)")
            default:
                let reason = stream.msg.map { String(cString: $0) } ?? "status \(status)"
                throw BundleError(.corruptCompression, "zlib stream is corrupt: \(reason)")
            }
        }
    }
}

/// A reusable one-shot compressor for record batches: keeps its libdeflate compressors (one per level, made when
/// first needed) and its output buffer between calls.
final class BatchCompressor {
    private var compressors: [Int32: OneShotDeflater] = [:]
    private(set) var output = [UInt8]()

    init() {}

    /// Compresses `input` into one zlib stream, at the level ``RecordDeflateSettings`` gives its size, and calls
    /// `body` with it.
    func compress<R>(_ input: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let level = RecordDeflateSettings.level(forBatchOfSize: input.count)
        let compressor = try compressors[level] ?? OneShotDeflater(level: level)
        compressors[level] = compressor
        let produced = try compressor.zlibStream(of: input, into: &output)
        return try output.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<produced])) }
    }
}

/// A streaming zlib deflater for blobs read from files.
final class Deflater {
    private var stream = z_stream()
    private var output = [UInt8](repeating: 0, count: 256 << 10)

    init(level: Int32 = Compression.level) throws {
        let status = deflateInit_(&stream, level, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            throw BundleError(.corruptCompression, "zlib could not start compressing (status \(status))")
        }
    }

    deinit { deflateEnd(&stream) }

    /// Compresses `input` (or finishes the stream when `finish`), handing compressed chunks to `sink`.
    func feed(_ input: UnsafeRawBufferPointer, finish: Bool, sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
        stream.avail_in = uInt(input.count)
        let capacity = output.count
        while true {
            let (status, produced) = output.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(capacity)
                let status = deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                return (status, capacity - Int(stream.avail_out))
            }
            if produced > 0 {
                try output.withUnsafeBytes { try sink(UnsafeRawBufferPointer(rebasing: $0[0..<produced])) }
            }
            if status == Z_STREAM_END { return }
            guard status == Z_OK || status == Z_BUF_ERROR else {
                throw BundleError(.corruptCompression, "zlib compression failed (status \(status))")
            }
            if !finish && stream.avail_in == 0 && produced < capacity { return }
        }
    }
}
