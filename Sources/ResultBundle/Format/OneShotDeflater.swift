import CLibDeflate

/// A libdeflate compressor at one level, for inputs that are whole in memory: record batches, the index and small
/// blobs. It keeps its match finder's tables between calls. libdeflate writes the same zlib and deflate formats as
/// zlib, two to three times as fast (readers only need inflate); zlib still streams large blobs and inflates.
final class OneShotDeflater {
    private let compressor: OpaquePointer

    init(level: Int32) throws {
        guard let compressor = libdeflate_alloc_compressor(level) else {
            throw BundleError(.corruptCompression, "libdeflate could not start compressing at level \(level)")
        }
        self.compressor = compressor
    }

    deinit { libdeflate_free_compressor(compressor) }

    /// Writes `input` as one zlib stream (RFC 1950) at the start of `output`, growing it when needed, and returns
    /// the stream's length.
    func zlibStream(of input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws -> Int {
        try compress(into: &output, bound: libdeflate_zlib_compress_bound(compressor, input.count)) { out in
            libdeflate_zlib_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
        }
    }

    /// Writes `input` as raw deflate data (RFC 1951, ending with a final block) at the start of `output`, growing
    /// it when needed, and returns the data's length.
    func rawDeflate(of input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws -> Int {
        try compress(into: &output, bound: libdeflate_deflate_compress_bound(compressor, input.count)) { out in
            libdeflate_deflate_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
        }
    }

    private func compress(
        into output: inout [UInt8], bound: Int, _ body: (UnsafeMutableRawBufferPointer) -> Int
    ) throws -> Int {
        if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
        // libdeflate returns 0 only when the output does not fit, which the bound rules out.
        let produced = output.withUnsafeMutableBytes(body)
        guard produced > 0 else { throw BundleError(.corruptCompression, "libdeflate could not compress") }
        return produced
    }
}
