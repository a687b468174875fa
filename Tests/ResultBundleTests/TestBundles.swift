import Foundation
import ResultModel
import _TestSupport

@testable import ResultBundle

/// Helpers to write small bundles and to craft or damage bundle bytes in tests.
enum TestBundles {
    /// Writes the mixed sample run to a new bundle and returns its URL and the tests written.
    static func writeMixed(_ label: String, policy: BundleWriter.FlushPolicy = .everyTest, close: Bool = true) throws
        -> (url: URL, tests: [TestRecord])
    {
        let url = try TestPaths.makeTemporaryDirectory(label).appendingPathComponent("\(label).resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: policy)
        let tests = try SampleResults.writeMixedRun(into: writer)
        if close { try writer.close() } else { try writer.flush() }
        return (url, tests)
    }

    /// Every test of a bundle, in order.
    static func tests(of reader: BundleReader) throws -> [TestRecord] {
        var tests: [TestRecord] = []
        try reader.forEachTest { tests.append($0) }
        return tests
    }

    /// The bytes of one frame with a correct checksum.
    static func frame(type: UInt8, compressed: Bool, payload: [UInt8], uncompressedLength: Int? = nil) -> [UInt8] {
        var header = FrameHeader(
            type: .recordBatch, compressed: compressed, storedLength: UInt32(payload.count),
            uncompressedLength: UInt32(uncompressedLength ?? payload.count))
        header.typeByte = type
        header.checksum = header.checksum(payloadCRC: CRC32.checksum(payload), payloadLength: payload.count)
        return header.encoded + payload
    }

    /// A record batch frame holding `text` (JSON Lines), compressed.
    static func recordBatch(_ text: String) throws -> [UInt8] {
        let bytes = Array(text.utf8)
        let compressed = try bytes.withUnsafeBytes { try Compression.deflate($0) }
        return frame(
            type: FrameType.recordBatch.rawValue, compressed: true, payload: compressed,
            uncompressedLength: bytes.count)
    }

    /// A file header for a version.
    static func header(major: UInt16 = 1, minor: UInt16 = 0) -> [UInt8] {
        FileHeader.encode(FormatVersion(major: major, minor: minor))
    }

    /// Writes bytes to a new temporary bundle file.
    static func file(_ bytes: [UInt8], _ label: String) throws -> URL {
        let url = try TestPaths.makeTemporaryDirectory(label).appendingPathComponent("\(label).resultbundle")
        try Data(bytes).write(to: url)
        return url
    }
}
