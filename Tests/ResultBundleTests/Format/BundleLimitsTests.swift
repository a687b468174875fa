import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

@Suite struct BundleLimitsTests {
    static let goodLine =
        #"{"kind":"test","test":{"identity":{"name":"ok"},"status":"passed","attempts":[{"status":"passed"}]}}"# + "\n"

    /// A bundle with a hostile frame between two good ones; the good ones must read, the hostile one be reported.
    func check(hostile: [UInt8], mentioning words: String) throws {
        let bytes =
            TestBundles.header() + (try TestBundles.recordBatch(Self.goodLine)) + hostile
            + (try TestBundles.recordBatch(Self.goodLine))
        let url = try TestBundles.file(bytes, "hostile")
        let reader = try BundleReader(url: url)
        #expect(try TestBundles.tests(of: reader).count == 2)
        let report = try reader.verify()
        #expect(report.problems.contains { $0.message.contains(words) }, "\(report.problems)")
    }

    @Test func aRecordBatchDeclaringFourGigabytesIsRejectedWithoutAllocating() throws {
        try check(
            hostile: TestBundles.frame(
                type: 0x52, compressed: true, payload: [0x78, 0x9C, 0x03, 0x00],
                uncompressedLength: Int(UInt32.max)), mentioning: "over the limit")
    }

    @Test func aBlobDeclaringFourGigabytesIsRejectedWithoutAllocating() throws {
        try check(
            hostile: TestBundles.frame(
                type: 0x42, compressed: true, payload: [UInt8](repeating: 1, count: 40),
                uncompressedLength: Int(UInt32.max)), mentioning: "over the limit")
    }

    @Test func aFrameDeclaringAHugeStoredLengthIsRejected() throws {
        var frame = TestBundles.frame(type: 0x52, compressed: true, payload: [1, 2, 3], uncompressedLength: 3)
        frame[8] = 0xFF; frame[9] = 0xFF; frame[10] = 0xFF; frame[11] = 0xFF
        try check(hostile: frame, mentioning: "stored length")
    }

    @Test func aDecompressionRatioOverTheLimitIsRejected() throws {
        try check(
            hostile: TestBundles.frame(
                type: 0x52, compressed: true, payload: [UInt8](repeating: 0, count: 1000),
                uncompressedLength: 60 << 20), mentioning: "ratio")
    }

    @Test func aStreamInflatingToMoreThanDeclaredIsRejected() throws {
        let bomb = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        let compressed = try bomb.withUnsafeBytes { try Compression.deflate($0) }
        try check(
            hostile: TestBundles.frame(type: 0x52, compressed: true, payload: compressed, uncompressedLength: 100),
            mentioning: "more than the declared")
    }

    @Test func aWriterRefusesARecordOverTheBatchLimit() throws {
        let url = try TestPaths.makeTemporaryDirectory("limit").appendingPathComponent("limit.resultbundle")
        let writer = try BundleWriter(creating: url, limits: BundleLimits(maxRecordBatchBytes: 1000))
        let big = TestRecord(
            identity: TestIdentity(name: "big"),
            attempts: [
                TestAttempt(status: .passed, output: CapturedOutput(text: String(repeating: "x", count: 5000)))
            ])
        let error = try #require(throws: BundleError.self) { try writer.addTest(big) }
        #expect(error.code == .limitExceeded)
        try writer.addTest(TestRecord(identity: TestIdentity(name: "small"), attempts: [TestAttempt(status: .passed)]))
        try writer.close()
        #expect(try TestBundles.tests(of: BundleReader(url: url)).map(\.id) == ["small"])
    }
}

@Suite struct HostileScanTests {
    @Test(.timeLimit(.minutes(1)))
    func aFileFullOfFakeFrameHeadersDoesNotMakeTheScanQuadratic() throws {
        var bytes = TestBundles.header() + (try TestBundles.recordBatch(BundleLimitsTests.goodLine))
        let fakeCount = 50_000
        for index in 0..<fakeCount {
            var fake = TestBundles.frame(type: 0x52, compressed: false, payload: [])
            let remaining = UInt32((fakeCount - index - 1) * 20)  // each fake frame ends exactly at the end of the file
            withUnsafeBytes(of: remaining.littleEndian) { for byte in 0..<4 { fake[8 + byte] = $0[byte] } }
            withUnsafeBytes(of: remaining.littleEndian) { for byte in 0..<4 { fake[12 + byte] = $0[byte] } }
            bytes += fake
        }
        let url = try TestBundles.file(bytes, "fakes")
        let start = Date()
        let reader = try BundleReader(url: url)
        #expect(try TestBundles.tests(of: reader).count == 1)
        #expect(reader.damage.contains { $0.kind == .tornTail || $0.kind == .damagedFrame })
        // Without the search budget this takes over 10 s (every fake header's payload is checked); with it, < 1 s.
        #expect(Date().timeIntervalSince(start) < 5)
    }
}
