import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// An index over the 64 MiB index limit (more than about five million tests) is written as a large
/// index frame, so the fresh bundle passes its own `verify` and opens without a scan; each run's totals are in the
/// index, so `info` reads no test. The limit is lowered here so 600 tests stand for ten million.
@Suite struct LargeIndexTests {
    static let limits = BundleLimits(maxIndexBytes: 4096)

    static func write(tests count: Int, limits: BundleLimits = limits) throws -> URL {
        let url = try TestPaths.makeTemporaryDirectory("large-index").appendingPathComponent("b.resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched(maxBytes: 8 << 10), limits: limits)
        for runNumber in 0..<2 {
            let run = try writer.beginRun(RunRecord(name: "run \(runNumber)", producer: "p", source: "s"))
            for number in 0..<count {
                let status: TestStatus = number % 7 == 0 ? .failed : (number % 11 == 0 ? .skipped : .passed)
                try writer.addTest(
                    TestRecord(
                        runIndex: run,
                        identity: TestIdentity(module: "M", suites: ["S\(number / 50)"], name: "t\(number)"),
                        attempts: [TestAttempt(status: status, duration: Double(number) / 1000)]))
            }
            try writer.endRun(run, RunEnd(exitCode: 1))
        }
        try writer.close()
        return url
    }

    /// The type byte of the frame the trailer points at.
    static func indexFrameType(_ url: URL) throws -> UInt8 {
        let bytes = try [UInt8](Data(contentsOf: url))
        let trailer = bytes.count - Trailer.frameSize + FrameHeader.size
        let offset = Int(bytes.readLittleEndian(UInt64.self, at: trailer))
        return bytes[offset + 4]
    }

    @Test func anIndexOverTheLimitIsALargeIndexThatOpensAndVerifies() throws {
        let url = try Self.write(tests: 300)
        #expect(try Self.indexFrameType(url) == FrameType.largeIndex.rawValue)
        let reader = try BundleReader(url: url, limits: Self.limits)
        #expect(reader.indexSource == .stored && reader.damage.isEmpty)
        #expect(try reader.test(id: "M/S5/t299", runIndex: 1)?.identity.name == "t299")
        let report = try reader.verify()
        #expect(report.hasValidIndex && report.problems.isEmpty)
    }

    @Test func anIndexWithinTheLimitIsAnOrdinaryIndex() throws {
        let url = try Self.write(tests: 300, limits: .standard)
        #expect(try Self.indexFrameType(url) == FrameType.index.rawValue)
    }

    @Test func theIndexHoldsEachRunsTotals() throws {
        let reader = try BundleReader(url: try Self.write(tests: 300), limits: Self.limits)
        let stored = try #require(reader.storedTotals)
        let counted = try reader.totals()
        #expect(BundleReader.sameCounts(stored, counted))
        #expect(stored.tests == 600 && stored.failed == 2 * 43 && stored.skipped > 0)
        #expect(reader.index.runTotals.map(\.tests) == [300, 300])
    }

    @Test func theTestTableIsReadOnlyWhenATestIsLookedUp() throws {
        let reader = try BundleReader(url: try Self.write(tests: 300, limits: .standard))
        // Opening skips the table (12 bytes a test); counts still come from the index.
        #expect(reader.index.tests.isEmpty && reader.testCount == 600 && reader.index.unloadedTestCount == 600)
        #expect(try reader.test(id: "M/S2/t120", runIndex: 0)?.identity.name == "t120")
        #expect(reader.index.tests.count == 600 && reader.index.unloadedTestCount == nil)
        #expect(try reader.verify().hasValidIndex)
    }
}

/// An index written whole (before format 1.6, or by another writer) and larger than the streaming threshold is read in
/// one pass that keeps its head and tail only; the threshold is lowered here so 600 tests stand for millions.
@Suite struct StreamedIndexTests {
    static func open(_ url: URL, threshold: Int) throws -> BundleIndex {
        let reader = try BundleReader(url: url)
        guard case .loaded(let index) = BundleReader.loadStoredIndex(reader.source, streamingIndexesOver: threshold)
        else { throw BundleError(.damaged, "the stored index did not load") }
        return index
    }

    @Test func aStreamedIndexReadsAsTheIndexInflatedWhole() throws {
        let url = try LargeIndexTests.write(tests: 300, limits: .standard)
        let streamed = try Self.open(url, threshold: 0)
        let whole = try Self.open(url, threshold: .max)
        #expect(streamed.tests.isEmpty && streamed.unloadedTestCount == 600)
        #expect(streamed.recordFrames == whole.recordFrames && streamed.blobs == whole.blobs)
        #expect(streamed.runs == whole.runs && streamed.runTotals == whole.runTotals)
        #expect(streamed.dataEnd == whole.dataEnd && streamed.testCount == whole.testCount)
    }

    @Test func aStreamedIndexWithADamagedByteIsRefused() throws {
        let url = try LargeIndexTests.write(tests: 300, limits: .standard)
        let indexOffset = try BundleReader(url: url).index.dataEnd
        var bytes = try [UInt8](Data(contentsOf: url))
        bytes[Int(indexOffset) + FrameHeader.size + 40] ^= 0x55
        try Data(bytes).write(to: url)
        let reader = try BundleReader(url: url)
        guard case .unusable(let damage) = BundleReader.loadStoredIndex(reader.source, streamingIndexesOver: 0) else {
            Issue.record("a damaged index was used")
            return
        }
        #expect(damage.kind == .damagedIndex && damage.message.contains("checksum"))
    }
}
