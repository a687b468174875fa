import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// Reading batches ahead on background threads: order, early exit, and the decoding shortcuts it relies on.
@Suite struct ReadingAheadTests {
    static func manyBatches(_ label: String, count: Int) throws -> (URL, [TestRecord]) {
        let url = try TestPaths.makeTemporaryDirectory(label).appendingPathComponent("x.resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched(maxBytes: 1))
        var written: [TestRecord] = []
        for number in 0..<count {
            let identity = TestIdentity(
                module: "AModuleNameLongerThanFifteenBytes", suites: ["Suite\(number % 7)WithALongName", "Inner"],
                name: "test\(number)")
            let test = TestRecord(
                identity: identity,
                attempts: [TestAttempt(status: number % 5 == 0 ? .failed : .passed, duration: 0.001 * Double(number))])
            try writer.addTest(test)
            written.append(test)
        }
        try writer.close()
        return (url, written)
    }

    @Test func testsComeBackInOrderAcrossHundredsOfBatches() throws {
        let (url, written) = try Self.manyBatches("ahead-order", count: 300)
        let reader = try BundleReader(url: url)
        #expect(try TestBundles.tests(of: reader) == written)
        #expect(reader.damage.isEmpty)
    }

    struct Stop: Error {}

    @Test func stoppingEarlyLeavesTheReaderUsable() throws {
        let (url, written) = try Self.manyBatches("ahead-stop", count: 200)
        let reader = try BundleReader(url: url)
        var seen = 0
        #expect(throws: Stop.self) {
            try reader.forEachTest { _ in
                seen += 1
                if seen == 50 { throw Stop() }
            }
        }
        #expect(seen == 50)
        #expect(try TestBundles.tests(of: reader) == written)
        #expect(try reader.test(id: written[123].id) == written[123])
    }

    @Test(arguments: [
        "0.0085", "-12.5", "0.1", "0.3", "123456789.012345", "0.000000000000001", "9007199254740.993",
        "1.7976931348623157", "2.2250738585072014", "-0.0", "5e-324", "1E5", "12345678901234567.5",
        "0.1234567890123456",
    ])
    func decimalsDecodeExactlyAsSwiftParsesThem(text: String) throws {
        let decoded = try Array(text.utf8).withUnsafeBufferPointer { bytes in
            var cursor = JSONCursor(bytes)
            return try cursor.readDouble()
        }
        let expected = try #require(Double(text))
        #expect(decoded.bitPattern == expected.bitPattern)
    }

    @Test func repeatedNamesDecodeToTheirOwnText() throws {
        let cache = StringCache()
        let names = [
            "SuiteNumberOneIsLong", "SuiteNumberTwoIsLong", "Suite\u{E9}AccentedAndLong", "SuiteNumberOneIsLong",
        ]
        for name in names + names.reversed() {
            let decoded = Array(name.utf8).withUnsafeBufferPointer { cache.string($0) }
            #expect(decoded == name)
        }
        let invalid: [UInt8] = Array("SuiteWithBrokenByte".utf8) + [0xFF]
        #expect(invalid.withUnsafeBufferPointer { cache.string($0) } == String(decoding: invalid, as: UTF8.self))
    }

    /// Consecutive tests with the same suites share one array; a different array, even one that starts the same,
    /// is decoded afresh.
    @Test func repeatedSuiteArraysAreSharedAndOthersDecodedAfresh() throws {
        let strings = StringCache()
        func suites(_ line: String) throws -> [String] {
            let bytes = Array(line.utf8)
            let decoded = try bytes.withUnsafeBufferPointer {
                try RecordLineCodec.decode($0, strings: strings)
            }
            guard case .test(let test) = decoded else { throw CocoaError(.coderReadCorrupt) }
            return test.identity.suites
        }
        func line(_ suites: String, _ name: String) -> String {
            #"{"kind":"test","test":{"identity":{"suites":\#(suites),"name":"\#(name)"},"attempts":[{"status":"passed"}]}}"#
        }
        let first = try suites(line(#"["Outer","Inner"]"#, "a"))
        let second = try suites(line(#"["Outer","Inner"]"#, "b"))
        #expect(second == ["Outer", "Inner"])
        #expect(first.withUnsafeBufferPointer(\.baseAddress) == second.withUnsafeBufferPointer(\.baseAddress))
        #expect(try suites(line(#"["Outer","Inner","Deeper"]"#, "c")) == ["Outer", "Inner", "Deeper"])
        #expect(try suites(line(#"["Outer","Inner\"]"]"#, "d")) == ["Outer", "Inner\"]"])
        #expect(try suites(line("[]", "e")) == [])
        #expect(try suites(line(#"["Outer","Inner"]"#, "f")) == ["Outer", "Inner"])
    }
}
