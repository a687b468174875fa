import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

@Suite struct BundleMergerTests {
    @Test func mergingRenumbersRunsKeepsTheirMetadataAndCopiesEachBlobOnce() throws {
        let (first, firstTests) = try TestBundles.writeMixed("shard1")
        let secondURL = try TestPaths.makeTemporaryDirectory("shard2").appendingPathComponent("shard2.resultbundle")
        let writer = try BundleWriter(creating: secondURL, flushPolicy: .batched)
        let secondTests = try SampleResults.writeMixedRun(into: writer, name: "linux-release")
        let extraRun = try writer.beginRun(
            RunRecord(
                name: "macos", producer: "p", source: "import:junit",
                host: HostInfo(operatingSystem: "macOS 15", cpuCount: 8)))
        let unique = try writer.storeBlob(Data("only in shard 2".utf8))
        try writer.addTest(
            TestRecord(
                runIndex: extraRun, identity: TestIdentity(name: "onlyHere"),
                attempts: [TestAttempt(status: .passed, output: CapturedOutput(blob: unique))]))
        try writer.close()

        let output = try TestPaths.makeTemporaryDirectory("merged").appendingPathComponent("merged.resultbundle")
        let outcome = try BundleMerger().merge([first, secondURL], into: output)
        #expect(outcome.runCount == 3 && outcome.testCount == firstTests.count + secondTests.count + 1)
        #expect(outcome.damage.isEmpty)

        let reader = try BundleReader(url: output)
        #expect(reader.runs.map(\.index) == [0, 1, 2])
        #expect(reader.runs.map(\.record.name) == ["linux-debug", "linux-release", "macos"])
        #expect(reader.runs[2].record.host.operatingSystem == "macOS 15")
        #expect(reader.runs[0].end?.exitCode == 1 && reader.runs[2].end == nil)
        let firstBlobs = try BundleReader(url: first).blobCount
        #expect(reader.blobCount == firstBlobs + 1, "shared blobs are stored once")
        let tests = try TestBundles.tests(of: reader)
        #expect(Set(tests.prefix(firstTests.count).map(\.runIndex)) == [0])
        #expect(Set(tests.dropFirst(firstTests.count).prefix(secondTests.count).map(\.runIndex)) == [1])
        #expect(tests.last?.runIndex == 2)
        #expect(try reader.test(id: firstTests[1].id, runIndex: 1)?.runIndex == 1)
        #expect(try reader.blobData(unique) == Data("only in shard 2".utf8))
        var suites: [SuiteRecord] = []
        try reader.forEachSuite { suites.append($0) }
        #expect(suites.map(\.runIndex) == [0, 1])
        #expect(try reader.verify().isIntact)
    }

    @Test func mergingATornBundleKeepsWhatReadsAndReportsTheDamage() throws {
        let (url, written) = try TestBundles.writeMixed("torn")
        let bytes = try [UInt8](Data(contentsOf: url))
        // Torn inside the middle record batch, whatever the frames written at close after the last.
        let batches = try BundleReader(url: url).index.recordFrames
        let torn = try TestBundles.file(Array(bytes.prefix(Int(batches[batches.count / 2].offset) + 30)), "torn-input")
        let output = try TestPaths.makeTemporaryDirectory("merged-torn").appendingPathComponent("m.resultbundle")
        let outcome = try BundleMerger().merge([torn], into: output)
        #expect(outcome.damage.contains { $0.damage.kind == .tornTail && $0.path == torn.path })
        let reader = try BundleReader(url: output)
        let tests = try TestBundles.tests(of: reader)
        #expect(!tests.isEmpty && tests.count < written.count)
        #expect(tests == Array(written.prefix(tests.count)))
        #expect(try reader.verify().isIntact)
    }
}

@Suite struct BundleCompactionTests {
    @Test func compactingALiveBundleKeepsEverythingAndShrinksItsRecords() throws {
        let folder = try TestPaths.makeTemporaryDirectory("compact")
        let live = folder.appendingPathComponent("live.resultbundle")
        let writer = try BundleWriter(creating: live, flushPolicy: .everyTest)
        let runIndex = try writer.beginRun(SampleResults.run())
        let tests = SampleResults.importLike(count: 2000)
        for test in tests { try writer.addTest(test) }
        try writer.endRun(runIndex, RunEnd(exitCode: 0))
        try writer.close()

        let compacted = folder.appendingPathComponent("compacted.resultbundle")
        try BundleMerger().compact(live, into: compacted)
        let before = try BundleReader(url: live)
        let after = try BundleReader(url: compacted)
        #expect(try TestBundles.tests(of: after) == tests)
        #expect(after.runs == before.runs)
        #expect(after.fileSize * 4 < before.fileSize, "\(before.fileSize) -> \(after.fileSize) bytes")
        #expect(try after.verify().isIntact)
    }
}
