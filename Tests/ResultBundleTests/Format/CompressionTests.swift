import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// Compressed sizes stay within 10% of `gzip -6` on the same bytes.
@Suite struct CompressionTests {
    /// The size of `gzip -6` output for `data`, minus gzip's own header and trailer (18 bytes) so it compares
    /// with a zlib stream.
    static func gzipSize(_ data: Data) throws -> Int {
        let folder = try TestPaths.makeTemporaryDirectory("gzip")
        let input = folder.appendingPathComponent("input")
        try data.write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -6 -c \"$0\" | wc -c", input.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return try #require(Int(output.trimmingCharacters(in: .whitespacesAndNewlines))) - 18
    }

    /// Every console log of the corpus, concatenated.
    static func corpusLogs() throws -> Data {
        var data = Data()
        let enumerator = FileManager.default.enumerator(at: TestPaths.corpus, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "txt" { files.append(url) }
        }
        for file in files.sorted(by: { $0.path < $1.path }) { data.append(try Data(contentsOf: file)) }
        return data
    }

    @Test func aLogStoredAsABlobIsWithinTenPercentOfGzip() throws {
        let log = try Self.corpusLogs()
        try #require(log.count > 1_000_000, "the corpus logs should be over 1 MB")
        let url = try TestPaths.makeTemporaryDirectory("blobsize").appendingPathComponent("b.resultbundle")
        let writer = try BundleWriter(creating: url)
        let reference = try writer.storeBlob(log)
        try writer.close()
        let reader = try BundleReader(url: url)
        let entry = try reader.blobEntry(reference)
        let stored = Int(try reader.source.header(at: entry.offset).storedLength) - 32
        let gzip = try Self.gzipSize(log)
        #expect(Double(stored) <= Double(gzip) * 1.10, "blob \(stored) bytes, gzip -6 \(gzip) bytes")
    }

    @Test func importedRecordsAreWithinTenPercentOfGzip() throws {
        let tests = SampleResults.importLike(count: 20_000)
        let url = try TestPaths.makeTemporaryDirectory("recordsize").appendingPathComponent("r.resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched)
        _ = try writer.beginRun(RunRecord(producer: "test", source: "import:xctest"))
        for test in tests { try writer.addTest(test) }
        try writer.close()
        let reader = try BundleReader(url: url)
        var stored = 0
        for frame in reader.index.recordFrames {
            stored += Int(try reader.source.header(at: frame.offset).storedLength)
        }
        let gzip = try Self.gzipSize(BundleRecordEncoding.jsonLines(tests))
        #expect(Double(stored) <= Double(gzip) * 1.10, "record batches \(stored) bytes, gzip -6 \(gzip) bytes")
        #expect(try TestBundles.tests(of: reader) == tests)
    }
}
