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
