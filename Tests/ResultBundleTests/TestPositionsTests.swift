import Foundation
import Testing
import _TestSupport

@testable import ResultBundle
@testable import ResultModel

/// The index's test positions (format 1.7): the places of the failed, skipped, flaky and badly measured tests, read
/// without reading any other test.
@Suite struct TestPositionsTests {
    private static let everyKind: TestSelection = [.failed, .skipped, .flaky, .failingMeasurement]

    private static func generated() throws -> BundleReader {
        let url = try TestPaths.makeTemporaryDirectory("positions").appendingPathComponent("g.resultbundle")
        try ShownTestsBundles.writeGeneratedRuns(to: url)
        return try BundleReader(url: url)
    }

    /// The ids (with their run) of the tests of `source` a full read finds to be of a kind in `selection`.
    private static func expected(_ source: BundleReader, _ selection: TestSelection) throws -> [String] {
        var ids: [String] = []
        try source.forEachTest { test in
            if !TestSelection(of: test).isDisjoint(with: selection) { ids.append("\(test.runIndex) \(test.id)") }
        }
        return ids
    }

    @Test(arguments: [everyKind, .failed, .skipped, .flaky, .failingMeasurement, [.failed, .flaky]])
    func readsExactlyTheSelectedTestsInFileOrder(selection: TestSelection) throws {
        let reader = try Self.generated()
        var ids: [String] = []
        let known = try reader.forEachTest(in: selection) { ids.append("\($0.runIndex) \($0.id)") }
        #expect(known)
        #expect(ids == (try Self.expected(reader, selection)))
        #expect(!ids.isEmpty)
        #expect(reader.damage.isEmpty)
    }

    @Test func knowsWhichRunsHaveTimedTestsAndTheirTotals() throws {
        let reader = try Self.generated()
        #expect(reader.storedRunsWithTimedTests == [1])
        #expect(reader.storedRunTotals?.map(\.tests) == [600, 600])
    }

    @Test func verifyAcceptsTheFramesAndAnIndexThatAgrees() throws {
        let report = try Self.generated().verify()
        #expect(report.problems.isEmpty)
        #expect(report.hasValidIndex)
    }

    @Test func verifyNamesPositionsThatAreNotWhatTheRecordsSay() throws {
        let reader = try Self.generated()
        let frameOffset = try #require(reader.index.positions[0]?.frames.first)
        let frame = try reader.source.checkedFrame(at: frameOffset)
        let read = try TestPositionsLayout.read(
            try reader.source.uncompressedPayload(frame), frameCount: reader.index.recordFrames.count)
        // The frame rewritten in place with one entry's kinds changed: the first change that deflates to as many
        // bytes as before.
        var altered: [UInt8]?
        for entry in read.entries.indices where altered == nil {
            var entries = read.entries
            entries[entry].kinds = entries[entry].kinds == .skipped ? .failed : .skipped
            let payload = TestPositionsLayout.payload(runIndex: 0, entries)
            let deflated = try payload.withUnsafeBytes { try Compression.deflate($0) }
            if deflated.count == Int(frame.header.storedLength) { altered = deflated }
        }
        let stored = try #require(altered)
        var header = frame.header
        header.checksum = header.checksum(payloadCRC: CRC32.checksum(stored), payloadLength: stored.count)
        var bytes = try Data(contentsOf: reader.url)
        let start = Int(frameOffset)
        bytes.replaceSubrange(start..<start + FrameHeader.size + stored.count, with: header.encoded + stored)
        let changed = reader.url.deletingLastPathComponent().appendingPathComponent("altered.resultbundle")
        try bytes.write(to: changed)
        let report = try BundleReader(url: changed).verify()
        #expect(report.problems.contains { $0.message.hasPrefix("test positions of run 1:") })
    }

    @Test(arguments: ["v1.0-mixed", "v1.2-junit-properties", "v1.6-coverage"])
    func bundlesBeforePositionsAreReadWhole(name: String) throws {
        let reader = try BundleReader(url: TestPaths.sampleBundles.appendingPathComponent(name + ".resultbundle"))
        var called = false
        #expect(try reader.forEachTest(in: Self.everyKind) { _ in called = true } == false)
        #expect(!called)
        #expect(reader.storedRunsWithTimedTests == nil)
    }

    @Test func aRewrittenSampleKnowsItsShownTests() throws {
        let directory = try TestPaths.makeTemporaryDirectory("positions")
        let output = directory.appendingPathComponent("mixed.resultbundle")
        _ = try BundleMerger().merge(
            [TestPaths.sampleBundles.appendingPathComponent("v1.0-mixed.resultbundle")], into: output)
        let reader = try BundleReader(url: output)
        var ids: [String] = []
        #expect(try reader.forEachTest(in: Self.everyKind) { ids.append("\($0.runIndex) \($0.id)") })
        #expect(ids == (try Self.expected(reader, Self.everyKind)))
        #expect(!ids.isEmpty)
    }

    @Test func aDamagedPositionsFrameMakesTheReaderReadEveryTest() throws {
        let reader = try Self.generated()
        let frameOffset = try #require(reader.index.positions[0]?.frames.first)
        var bytes = try Data(contentsOf: reader.url)
        bytes[Int(frameOffset) + FrameHeader.size + 3] ^= 0xFF
        let damaged = reader.url.deletingLastPathComponent().appendingPathComponent("damaged.resultbundle")
        try bytes.write(to: damaged)
        let reopened = try BundleReader(url: damaged)
        var called = false
        #expect(try reopened.forEachTest(in: Self.everyKind) { _ in called = true } == false)
        #expect(!called)
        #expect(reopened.damage.contains { $0.byteOffset == frameOffset && $0.message.contains("test positions") })
        #expect(try reopened.totals().tests == 1200)
    }

    @Test func aWriterHoldsAFewPositionsAtATimeWhateverFails() throws {
        let url = try TestPaths.makeTemporaryDirectory("positions").appendingPathComponent("f.resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched(maxBytes: 64 << 10))
        let run = try writer.beginRun(RunRecord(producer: "test", source: "test"))
        let count = TestPositionsLayout.entriesPerFrame + 5000
        for number in 0..<count {
            try writer.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(suites: ["S"], name: "t\(number)"),
                    attempts: [TestAttempt(status: .failed)]))
            #expect(writer.testPositions.pendingCount < TestPositionsLayout.entriesPerFrame + 2048)
        }
        try writer.endRun(run, RunEnd())
        try writer.close()
        let reader = try BundleReader(url: url)
        #expect(reader.index.positions[0]?.frames.count == 2)
        #expect(reader.index.positions[0]?.entries == count)
        var read = 0
        #expect(try reader.forEachTest(in: .failed) { _ in read += 1 })
        #expect(read == count)
    }
}
