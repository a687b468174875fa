import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@Suite struct BundleRoundTripTests {
    static let policies: [BundleWriter.FlushPolicy] = [.everyTest, .batched, .batched(maxBytes: 1)]

    @Test(arguments: policies)
    func everyModelFieldRoundTrips(policy: BundleWriter.FlushPolicy) throws {
        let folder = try TestPaths.makeTemporaryDirectory("roundtrip")
        let url = folder.appendingPathComponent("x.resultbundle")
        let memory = InMemoryResults()
        try SampleResults.writeMixedRun(into: memory)
        let writer = try BundleWriter(creating: url, flushPolicy: policy)
        try SampleResults.writeMixedRun(into: writer)
        try writer.close()

        let reader = try BundleReader(url: url)
        #expect(reader.indexSource == .stored)
        #expect(reader.damage.isEmpty)
        #expect(reader.formatVersion == FormatVersion.current)
        #expect(reader.runs == memory.runs)
        var tests: [TestRecord] = []
        try reader.forEachTest { tests.append($0) }
        #expect(tests == memory.tests)
        var suites: [SuiteRecord] = []
        try reader.forEachSuite { suites.append($0) }
        #expect(suites == memory.suites)
        for (digest, data) in memory.blobs {
            #expect(try reader.blobData(BlobReference(sha256: digest, size: data.count)) == data)
        }
        for test in memory.tests {
            #expect(try reader.test(id: test.id) == test)
        }
        #expect(try reader.test(id: "No/such/test") == nil)
        #expect(try reader.totals() == memory.totals())
    }

    @Test func theSameAttachmentWrittenTwiceIsStoredOnce() throws {
        let folder = try TestPaths.makeTemporaryDirectory("dedup")
        let url = folder.appendingPathComponent("x.resultbundle")
        let content =
            Data(repeating: 0x41, count: 100_000) + Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let file = folder.appendingPathComponent("attachment.bin")
        try content.write(to: file)
        let writer = try BundleWriter(creating: url)
        let first = try writer.storeBlob(content)
        let sizeAfterFirst = writer.bytesWritten
        let second = try writer.storeBlob(content)
        let third = try writer.storeBlob(contentsOf: file)
        #expect(writer.bytesWritten == sizeAfterFirst)
        #expect(first == second && second == third)
        try writer.close()
        let reader = try BundleReader(url: url)
        #expect(reader.blobCount == 1)
        #expect(try reader.blobData(first) == content)
    }

    @Test(arguments: policies)
    func blobStoredFromAFileStreamsBackIdentical(policy: BundleWriter.FlushPolicy) throws {
        let folder = try TestPaths.makeTemporaryDirectory("fileblob")
        let url = folder.appendingPathComponent("x.resultbundle")
        var content = Data()
        for line in 0..<200_000 { content.append(contentsOf: "line \(line) of a long log\n".utf8) }
        let file = folder.appendingPathComponent("log.txt")
        try content.write(to: file)
        let writer = try BundleWriter(creating: url, flushPolicy: policy)
        let tests = SampleResults.importLike(count: 3000)
        for test in tests.prefix(1500) { try writer.addTest(test) }
        let reference = try writer.storeBlob(contentsOf: file)
        for test in tests.dropFirst(1500) { try writer.addTest(test) }
        let empty = try writer.storeBlob(Data())
        try writer.close()
        #expect(try TestBundles.tests(of: BundleReader(url: url)) == tests)
        #expect(reference.size == content.count)
        let reader = try BundleReader(url: url)
        let copy = folder.appendingPathComponent("copy.txt")
        try reader.copyBlob(reference, to: copy)
        #expect(try Data(contentsOf: copy) == content)
        #expect(try reader.blobData(empty) == Data())
    }
}
