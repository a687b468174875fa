import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// A bundle whose test table spilled (more than a million tests; here a chunk of a few dozen stands for it) gets its
/// index streamed in parts with an index directory (format 1.6): the index inflates to the bytes an index sorted in
/// memory has, older readers read it whole, and a reader opens it reading only the head and the tail, then one
/// part per lookup.
@Suite struct PartedIndexTests {
    static let runs = 3
    static let testsPerRun = 400

    /// The same ids in every run, so equal hashes come in runs of three that cross the parts' edges.
    static func write(chunkCapacity: Int?, entriesPerPart: Int = 7) throws -> URL {
        let url = try TestPaths.makeTemporaryDirectory("parted-index").appendingPathComponent("b.resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched(maxBytes: 4 << 10))
        if let chunkCapacity {
            writer.testTable = TestTableSpill(
                directory: url.deletingLastPathComponent(), chunkCapacity: chunkCapacity,
                entriesPerPart: entriesPerPart)
        }
        for runNumber in 0..<runs {
            let run = try writer.beginRun(RunRecord(name: "run \(runNumber)", producer: "p", source: "s"))
            _ = try writer.storeBlob(Data("log of run \(runNumber)".utf8))
            for number in 0..<testsPerRun {
                let status: TestStatus = number % 7 == 0 ? .failed : .passed
                try writer.addTest(
                    TestRecord(
                        runIndex: run,
                        identity: TestIdentity(module: "M", suites: ["S\(number / 50)"], name: "t\(number)"),
                        attempts: [TestAttempt(status: status, duration: 0.001)]))
            }
            try writer.endRun(run, RunEnd(exitCode: 1))
        }
        try writer.close()
        return url
    }

    /// The inflated index payload, with its data end (which the directory frame moves) zeroed.
    static func indexPayload(_ url: URL) throws -> (type: UInt8, payload: [UInt8]) {
        let reader = try BundleReader(url: url)
        let frame = try reader.source.checkedFrame(at: reader.index.dataEnd)
        var payload = try reader.source.uncompressedPayload(frame)
        payload.replaceSubrange(
            BundleIndex.dataEndPosition..<BundleIndex.dataEndPosition + 8, with: [UInt8](repeating: 0, count: 8))
        return (frame.header.typeByte, payload)
    }

    @Test func aStreamedIndexInflatesToTheIndexSortedInMemory() throws {
        let parted = try Self.write(chunkCapacity: 50)
        let whole = try Self.write(chunkCapacity: nil)
        #expect(try BundleReader(url: parted).index.directory != nil)
        #expect(try BundleReader(url: whole).index.directory == nil)
        #expect(try Self.indexPayload(parted) == Self.indexPayload(whole))
    }

    /// A table sorted in memory that fills more than one part is written in parts too: opening a bundle of a
    /// million tests (below the spill) then inflates its head and tail, not 12 MB of test table.
    @Test func anIndexSortedInMemoryOfMoreThanOnePartIsWrittenInParts() throws {
        let inMemory = try Self.write(chunkCapacity: 1 << 20)
        let whole = try Self.write(chunkCapacity: nil)
        let reader = try BundleReader(url: inMemory)
        let directory = try #require(reader.index.directory)
        #expect(directory.parts.count == 2 + (Self.runs * Self.testsPerRun + 6) / 7)
        #expect(reader.index.tests.isEmpty && reader.testCount == Self.runs * Self.testsPerRun)
        #expect(try Self.indexPayload(inMemory) == Self.indexPayload(whole))
        let report = try reader.verify()
        #expect(report.hasValidIndex && report.problems.isEmpty)
        #expect(try reader.test(id: "M/S3/t170", runIndex: 2)?.runIndex == 2)
    }

    @Test func aPartedIndexOpensWithoutItsTestTableAndFindsEveryTest() throws {
        let reader = try BundleReader(url: try Self.write(chunkCapacity: 50))
        #expect(reader.indexSource == .stored && reader.damage.isEmpty)
        let directory = try #require(reader.index.directory)
        #expect(directory.parts.count == 2 + (Self.runs * Self.testsPerRun + 6) / 7)
        #expect(reader.index.tests.isEmpty && reader.testCount == Self.runs * Self.testsPerRun)
        #expect(reader.runs.count == Self.runs && reader.blobCount == Self.runs)
        #expect(reader.storedTotals?.failed == Self.runs * 58)
        for number in 0..<Self.testsPerRun {
            for run in 0..<Self.runs {
                let id = "M/S\(number / 50)/t\(number)"
                let found = try reader.test(id: id, runIndex: run)
                #expect(found?.id == id && found?.runIndex == run)
            }
        }
        #expect(try reader.test(id: "M/S0/absent") == nil)
        // Lookups read parts, never the whole table.
        #expect(reader.index.tests.isEmpty)
    }

    @Test func aPartedIndexVerifiesAndOlderReadersReadItWhole() throws {
        let url = try Self.write(chunkCapacity: 50)
        let reader = try BundleReader(url: url)
        let report = try reader.verify()
        #expect(report.hasValidIndex && report.problems.isEmpty && report.unknownFrameCount == 0)
        // What a 1.5 reader does: the index frame inflated whole, the directory frame skipped.
        let whole = try BundleIndex.decode(
            try reader.source.uncompressedPayload(reader.source.checkedFrame(at: reader.index.dataEnd)))
        #expect(whole.tests.count == Self.runs * Self.testsPerRun && whole.runs.count == Self.runs)
        #expect(whole.tests.map(\.idHash) == whole.tests.map(\.idHash).sorted())
        var rebuilt = BundleIndex()
        #expect(try BundleReader.rebuildIndex(reader.source, into: &rebuilt).isEmpty)
        #expect(rebuilt.tests == whole.tests && rebuilt.recordFrames == whole.recordFrames)
    }

    @Test func aDamagedPartIsReportedByVerifyAndTheRestStillReads() throws {
        let url = try Self.write(chunkCapacity: 50)
        let directory = try #require(try BundleReader(url: url).index.directory)
        let part = directory.parts[5]
        let at = Int(directory.indexOffset) + FrameHeader.size + Int(part.storedStart) + 1
        var bytes = try [UInt8](Data(contentsOf: url))
        bytes[at] ^= 0xFF
        try Data(bytes).write(to: url)
        let reader = try BundleReader(url: url)
        #expect(reader.indexSource == .stored && reader.index.directory != nil)
        let report = try reader.verify()
        #expect(report.problems.contains { $0.kind == .damagedIndex && $0.byteOffset == Int64(at - 1) })
        // A lookup that needs the damaged part says so; every other lookup still answers.
        var found = 0
        var refused = 0
        for number in 0..<Self.testsPerRun {
            do {
                if try reader.test(id: "M/S\(number / 50)/t\(number)", runIndex: 0) != nil { found += 1 }
            } catch let error as BundleError {
                #expect(error.message.contains("index"))
                refused += 1
            }
        }
        #expect(refused > 0 && found == Self.testsPerRun - refused)
    }
}
