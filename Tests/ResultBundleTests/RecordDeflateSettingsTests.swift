import CZlib
import Foundation
import Testing

@testable import ResultBundle

/// Large record batches are deflated with the fast settings for JSON Lines, small ones at level 6.
@Suite struct RecordDeflateSettingsTests {
    /// `input` deflated by a fresh zlib stream with `settings`.
    private func reference(_ input: Data, _ settings: RecordDeflateSettings) throws -> [UInt8] {
        var stream = z_stream()
        try #require(deflateInit_(&stream, 6, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        try #require(settings.apply(to: &stream) == Z_OK)
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))))
        let status = input.withUnsafeBytes { source in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: source.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        try #require(status == Z_STREAM_END)
        return Array(output[0..<Int(stream.total_out)])
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

    @Test func smallBatchesAreDeflatedAtLevel6() throws {
        let small = jsonLines(atLeast: 100_000).prefix(RecordDeflateSettings.fastFromSize - 1)
        let compressor = try BatchCompressor()
        #expect(try compressed(Data(small), by: compressor) == reference(Data(small), .level6))
    }

    @Test func largeBatchesUseTheFastSettingsAndStayWithinTenPercentOfLevel6() throws {
        let large = jsonLines(atLeast: 1 << 20)
        let compressor = try BatchCompressor()
        let fast = try compressed(large, by: compressor)
        #expect(fast == (try reference(large, .fastJSONLines)))
        let level6 = try reference(large, .level6)
        #expect(Double(fast.count) <= Double(level6.count) * 1.10, "fast \(fast.count), level 6 \(level6.count)")
        let inflated = try fast.withUnsafeBytes { try Compression.inflate($0, expected: large.count) }
        #expect(Data(inflated) == large)

        // The compressor switches back for the next small batch.
        let small = Data(large.prefix(4_096))
        #expect(try compressed(small, by: compressor) == reference(small, .level6))
    }
}
