import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// With ``BundleLimits/maxDecodedStringBytes``, strings are cut as they are read, whatever their form.
@Suite struct DecodedStringCutTests {
    static func decodedName(_ name: String, limit: Int) throws -> String {
        let test = TestRecord(identity: TestIdentity(name: name), attempts: [TestAttempt(status: .passed)])
        let line = BundleRecordEncoding.jsonLines([test])
        let decoded = try line.withUnsafeBytes {
            try RecordLineCodec.decodeTest(
                $0.bindMemory(to: UInt8.self).dropLastNewline, strings: nil, maxStringBytes: limit)
        }
        return try #require(decoded?.identity.name)
    }

    @Test func aPlainStringIsCutWithItsFullLength() throws {
        let name = try Self.decodedName(String(repeating: "a", count: 100), limit: 10)
        #expect(name == String(repeating: "a", count: 10) + "… [cut: 100 bytes in all]")
    }

    @Test func anEscapedStringIsCutWithItsDecodedLength() throws {
        // 50 newlines (escaped as \n) then 50 letters: 100 decoded bytes.
        let name = try Self.decodedName(
            String(repeating: "\n", count: 50) + String(repeating: "b", count: 50), limit: 10)
        #expect(name == String(repeating: "\n", count: 10) + "… [cut: 100 bytes in all]")
    }

    @Test func theCutEndsOnAWholeCharacter() throws {
        let name = try Self.decodedName(String(repeating: "é", count: 10), limit: 5)  // 2 bytes each
        #expect(name == "éé… [cut: 20 bytes in all]")
        let escaped = try Self.decodedName("\"" + String(repeating: "日", count: 10), limit: 5)  // 1 + 3 bytes each
        #expect(escaped == "\"日… [cut: 31 bytes in all]")
    }

    @Test func stringsWithinTheLimitAreWhole() throws {
        #expect(try Self.decodedName("short \"quoted\" name", limit: 64) == "short \"quoted\" name")
        #expect(try Self.decodedName(String(repeating: "c", count: 10), limit: 10) == String(repeating: "c", count: 10))
    }

    @Test func aReaderWithDisplayLimitsCutsTestsSuitesAndRuns() throws {
        let long = String(repeating: "z", count: (1 << 20) + 10)
        let url = try TestPaths.makeTemporaryDirectory("cut").appendingPathComponent("cut.resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched)
        let run = try writer.beginRun(RunRecord(name: long, producer: "p", source: "s"))
        try writer.addSuite(SuiteRecord(runIndex: run, path: [long]))
        try writer.addTest(
            TestRecord(
                runIndex: run, identity: TestIdentity(name: long),
                attempts: [TestAttempt(status: .failed, issues: [IssueRecord(kind: .assertion, message: long)])]))
        try writer.endRun(run, RunEnd())
        try writer.close()
        let marker = TextCut.marker(totalBytes: long.utf8.count)
        let reader = try BundleReader(url: url, limits: .display)
        #expect(reader.runs.first?.record.name?.hasSuffix(marker) == true)
        var suiteName: String?
        try reader.forEachSuite { suiteName = $0.path.first }
        #expect(suiteName?.utf8.count == (1 << 20) + marker.utf8.count)
        var test: TestRecord?
        try reader.forEachTest { test = $0 }
        #expect(test?.identity.name.hasSuffix(marker) == true)
        #expect(test?.finalAttempt?.issues.first?.message.hasSuffix(marker) == true)
        let whole = try BundleReader(url: url)
        try whole.forEachTest { test = $0 }
        #expect(test?.identity.name == long)
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The line without its final newline.
    fileprivate var dropLastNewline: UnsafeBufferPointer<UInt8> {
        last == 0x0A ? UnsafeBufferPointer(rebasing: self[..<(count - 1)]) : self
    }
}
