import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

@Suite struct BundleDamageTests {
    /// For each test (written one per batch), the offset where its batch ends.
    static func batchEnds(_ url: URL) throws -> [Int64] {
        let reader = try BundleReader(url: url)
        return try reader.index.recordFrames.filter { $0.testCount > 0 }.map {
            $0.offset + (try reader.source.header(at: $0.offset)).frameSize
        }
    }

    @Test func aBundleCutAtAnyLengthOpensAndReadsEveryCompleteTest() throws {
        let (url, written) = try TestBundles.writeMixed("cut")
        let bytes = try [UInt8](Data(contentsOf: url))
        let ends = try Self.batchEnds(url)
        #expect(ends.count == written.count)
        let folder = try TestPaths.makeTemporaryDirectory("cuts")
        var lengths = Set(stride(from: 0, through: bytes.count, by: max(1, bytes.count / 1500)))
        for end in ends { lengths.formUnion([Int(end) - 1, Int(end), Int(end) + 1]) }
        for length in lengths.sorted() where length <= bytes.count {
            let cut = folder.appendingPathComponent("cut-\(length).resultbundle")
            try Data(bytes[0..<length]).write(to: cut)
            guard length >= 16 else {
                #expect(throws: BundleError.self) { try BundleReader(url: cut) }
                continue
            }
            let reader = try BundleReader(url: cut)
            let tests = try TestBundles.tests(of: reader)
            let expected = ends.filter { $0 <= Int64(length) }.count
            #expect(tests == Array(written.prefix(expected)), "cut at \(length)")
            if length < bytes.count {
                #expect(reader.indexSource == .rebuilt)
                let torn = reader.damage.first { $0.kind == .tornTail }
                let atBoundary =
                    length == 16 || ends.contains(Int64(length))
                    || reader.damage.allSatisfy { $0.kind == .missingIndex }
                #expect(torn != nil || atBoundary, "cut at \(length): \(reader.damage)")
                if let torn {
                    #expect(torn.byteOffset < Int64(length) && torn.description.contains("byte \(torn.byteOffset)"))
                }
            }
        }
    }

    @Test func aFlippedByteIsNamedWithItsPlaceAndTheRestStillReads() throws {
        let (url, written) = try TestBundles.writeMixed("flip")
        let bytes = try [UInt8](Data(contentsOf: url))
        let folder = try TestPaths.makeTemporaryDirectory("flips")
        for position in stride(from: 16, to: bytes.count, by: max(1, bytes.count / 300)) {
            var damaged = bytes
            damaged[position] ^= 0x5A
            let flipped = folder.appendingPathComponent("flip-\(position).resultbundle")
            try Data(damaged).write(to: flipped)
            let reader = try BundleReader(url: flipped)
            let report = try reader.verify()
            #expect(!report.isIntact, "flip at \(position) went unnoticed")
            let covering = report.problems.contains { problem in
                problem.byteOffset <= Int64(position)
                    && (problem.length.map { Int64(position) < problem.byteOffset + $0 } ?? true)
            }
            #expect(covering, "flip at \(position): \(report.problems)")
            #expect(try TestBundles.tests(of: reader).count >= written.count - 1, "flip at \(position)")
        }
    }

    /// A bundle of one test per batch whose third test's batch has 8 payload bytes flipped (its CRC no longer
    /// matches): the reopened bundle, the tests written, and the damaged batch's offset.
    private func damagedInTheMiddle(_ label: String) throws -> (BundleReader, [TestRecord], Int64) {
        let (url, written) = try TestBundles.writeMixed(label)
        var bytes = try [UInt8](Data(contentsOf: url))
        let reader = try BundleReader(url: url)
        let victim = try #require(reader.index.recordFrames.filter { $0.testCount > 0 }.dropFirst(2).first)
        for index in 0..<8 { bytes[Int(victim.offset) + 24 + index] ^= 0xFF }
        return (try BundleReader(url: try TestBundles.file(bytes, "\(label)-damaged")), written, victim.offset)
    }

    @Test func damageInTheMiddleIsSkippedAndReadingResumesAtTheNextFrame() throws {
        let (reopened, written, victimOffset) = try damagedInTheMiddle("middle")
        let tests = try TestBundles.tests(of: reopened)
        #expect(tests.count == written.count - 1)
        #expect(!tests.contains(written[2]))
        let problem = try #require(reopened.damage.first { $0.byteOffset == victimOffset })
        #expect(problem.message.contains("checksum mismatch"))
        #expect(try reopened.test(id: written[3].id) == written[3])
    }

    @Test func chunksTransformedInTheBackgroundSkipADamagedBatchAndNoteIt() throws {
        let (reopened, written, victimOffset) = try damagedInTheMiddle("middle-chunks")
        var ids: [String] = []
        try reopened.forEachTestChunk { tests in
            tests.map(\.id)
        } _: {
            ids += $0
        }
        #expect(ids == written.map(\.id).filter { $0 != written[2].id })
        #expect(reopened.damage.contains { $0.byteOffset == victimOffset })
    }

    @Test func lineChunksSkipADamagedBatchAndNoteIt() throws {
        let (reopened, written, victimOffset) = try damagedInTheMiddle("middle-lines")
        var ids: [String] = []
        try reopened.forEachTestBatch { batch in
            var ids: [String] = []
            try batch.forEachTest {
                ids.append($0.id)
            } passedInSameSuite: { _ in
            }
            return ids
        } _: {
            ids += $0
        }
        #expect(ids == written.map(\.id).filter { $0 != written[2].id })
        #expect(reopened.damage.contains { $0.byteOffset == victimOffset })
    }

    @Test func verifyReportsADamagedBlobAndAMissingBlobByOffset() throws {
        let url = try TestPaths.makeTemporaryDirectory("blobs").appendingPathComponent("b.resultbundle")
        let writer = try BundleWriter(creating: url)
        let runIndex = try writer.beginRun(SampleResults.run())
        let blob = try writer.storeBlob(Data(repeating: 7, count: 5000))
        let blobOffset = writer.index.blobs[blob.sha256]!.offset
        let ghost = BlobReference(sha256: String(repeating: "ab", count: 32), size: 3)
        try writer.addTest(
            TestRecord(
                runIndex: runIndex, identity: TestIdentity(name: "t"),
                attempts: [
                    TestAttempt(
                        status: .passed,
                        attachments: [
                            AttachmentRecord(name: "a", mediaType: "text/plain", kind: .text, blob: blob),
                            AttachmentRecord(name: "ghost", mediaType: "text/plain", kind: .text, blob: ghost),
                        ])
                ]))
        try writer.close()
        var bytes = try [UInt8](Data(contentsOf: url))
        bytes[Int(blobOffset) + 20 + 32 + 3] ^= 0x01
        let damaged = try TestBundles.file(bytes, "blob-damaged")
        let report = try BundleReader(url: damaged).verify()
        #expect(report.problems.contains { $0.kind == .damagedFrame && $0.byteOffset == blobOffset })
        #expect(report.problems.contains { $0.kind == .missingBlob && $0.message.contains(ghost.sha256) })
        #expect(report.testCount == 1)
        #expect(throws: BundleError.self) { try BundleReader(url: damaged).blobData(blob) }
    }

    @Test func aBundleThatWasNeverClosedOpensByScanning() throws {
        let (url, written) = try TestBundles.writeMixed("unclosed", close: false)
        let reader = try BundleReader(url: url)
        #expect(reader.indexSource == .rebuilt)
        #expect(reader.damage.map(\.kind) == [.missingIndex])
        #expect(try TestBundles.tests(of: reader) == written)
        #expect(try reader.test(id: written[1].id) == written[1])
        #expect(reader.runs.count == 1 && reader.runs[0].end != nil)
    }

    @Test func randomCorruptionNeverStopsReadingTheRest() throws {
        let (url, _) = try TestBundles.writeMixed("random", policy: .batched(maxBytes: 600))
        let original = try [UInt8](Data(contentsOf: url))
        let folder = try TestPaths.makeTemporaryDirectory("random-damage")
        let seed = try TestSeed()
        var generator = seed.makeGenerator()
        for trial in 0..<150 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...40, using: &generator) {
                bytes[Int.random(in: 16..<bytes.count, using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
            }
            if Bool.random(using: &generator) {
                bytes.removeLast(Int.random(in: 0..<(bytes.count - 16), using: &generator))
            }
            let damaged = folder.appendingPathComponent("trial-\(trial).resultbundle")
            try Data(bytes).write(to: damaged)
            #expect(throws: Never.self, "trial \(trial), \(seed)") {
                let reader = try BundleReader(url: damaged)
                _ = try TestBundles.tests(of: reader)
                _ = try reader.verify()
                try reader.forEachSuite { _ in }
                _ = try BundleInfo(reader: reader)
            }
        }
    }

    @Test func somethingThatIsNotABundleIsRefusedClearly() throws {
        let url = try TestBundles.file(Array("hello, this is text and not a bundle".utf8), "text")
        let error = try #require(throws: BundleError.self) { try BundleReader(url: url) }
        #expect(error.code == .notABundle)
        #expect(error.description.contains(url.path) && error.description.contains("byte 0"))
    }
}
