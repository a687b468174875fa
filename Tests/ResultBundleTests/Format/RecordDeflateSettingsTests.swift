import CLibDeflate
import CZlib
import Foundation
import Testing

@testable import ResultBundle

/// Record batches are deflated by libdeflate: large ones at its fastest level, small ones at level 6.
@Suite struct RecordDeflateSettingsTests {
    /// `input` as libdeflate's zlib stream at `level`, made directly with libdeflate's API.
    private func libdeflateReference(_ input: Data, level: Int32) throws -> [UInt8] {
        let compressor = try #require(libdeflate_alloc_compressor(level))
        defer { libdeflate_free_compressor(compressor) }
        var output = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, input.count))
        let produced = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { out in
                libdeflate_zlib_compress(compressor, source.baseAddress, source.count, out.baseAddress, out.count)
            }
        }
        try #require(produced > 0)
        return Array(output[0..<produced])
    }

    /// `input` as zlib's stream at level 6, as `gzip -6` compresses.
    private func zlibLevel6(_ input: Data) throws -> [UInt8] {
        var length = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = input.withUnsafeBytes { source in
            compress2(&output, &length, source.bindMemory(to: Bytef.self).baseAddress, uLong(source.count), 6)
        }
        try #require(status == Z_OK)
        return Array(output[0..<Int(length)])
    }

    private func compressed(_ input: Data, by compressor: BatchCompressor) throws -> [UInt8] {
        try input.withUnsafeBytes { try compressor.compress($0) { Array($0) } }
    }

    private func jsonLines(atLeast size: Int) -> Data {
        var count = 1_000
        while true {
            let lines = BundleRecordEncoding.jsonLines(SampleResults.importLike(count: count))
            if lines.count >= size { return lines }
            count *= 2
        }
    }

    @Test func smallBatchesAreDeflatedAtLibdeflatesLevel6() throws {
        let small = Data(jsonLines(atLeast: 100_000).prefix(RecordDeflateSettings.fastFromSize - 1))
        let stream = try compressed(small, by: BatchCompressor())
        #expect(stream == (try libdeflateReference(small, level: 6)))
        #expect(stream.count <= (try zlibLevel6(small)).count, "libdeflate's level 6 is no larger than zlib's")
    }

    @Test func largeBatchesUseTheFastestLevelAndStayWithinTenPercentOfGzip6() throws {
        let large = jsonLines(atLeast: 1 << 20)
        let compressor = BatchCompressor()
        let fast = try compressed(large, by: compressor)
        #expect(fast == (try libdeflateReference(large, level: RecordDeflateSettings.fastLevel)))
        let level6 = try zlibLevel6(large)
        #expect(Double(fast.count) <= Double(level6.count) * 1.10, "fast \(fast.count), gzip -6 \(level6.count)")
        // zlib inflates libdeflate's stream, Adler-32 included.
        var inflatedLength = uLongf(large.count)
        var inflated = [UInt8](repeating: 0, count: large.count)
        let status = fast.withUnsafeBufferPointer {
            uncompress(&inflated, &inflatedLength, $0.baseAddress, uLong($0.count))
        }
        #expect(status == Z_OK)
        #expect(Data(inflated[0..<Int(inflatedLength)]) == large)

        // The compressor switches back for the next small batch.
        let small = Data(large.prefix(4_096))
        #expect(try compressed(small, by: compressor) == libdeflateReference(small, level: 6))
    }
}
