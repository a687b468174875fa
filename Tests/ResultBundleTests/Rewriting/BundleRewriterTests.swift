import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// The one bundle copier: runs, suites, tests and blobs appended, tests edited on the way, blobs copied whatever
/// their size.
@Suite struct BundleRewriterTests {
    /// A bundle of two runs whose tests reference a blob larger than `limits` lets a reader hold in memory.
    static func bundle(_ label: String) throws -> URL {
        let url = try TestPaths.makeTemporaryDirectory(label).appendingPathComponent("in.resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched)
        let big = try writer.storeBlob(Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) }))
        for run in 0..<2 {
            let index = try writer.beginRun(RunRecord(name: "run \(run)", producer: "tests", source: "test"))
            for number in 0..<3 {
                var attempt = TestAttempt(status: .passed, duration: 0.5)
                attempt.attachments = [
                    AttachmentRecord(name: "big", mediaType: "application/octet-stream", kind: .file, blob: big)
                ]
                try writer.addTest(
                    TestRecord(
                        runIndex: index, identity: TestIdentity(module: "M", suites: ["S"], name: "t\(number)"),
                        status: .passed, attempts: [attempt]))
            }
            try writer.endRun(index, RunEnd(end: 1_790_000_000, exitCode: 0))
        }
        try writer.close()
        return url
    }

    @Test func appendsEverythingAndEditsTestsOnTheWay() throws {
        let input = try Self.bundle("rewrite")
        let output = input.deletingLastPathComponent().appendingPathComponent("out.resultbundle")
        let writer = try BundleWriter(creating: output, flushPolicy: .batched)
        let counts = try BundleRewriter(into: writer).append(try BundleReader(url: input)) { test in
            if test.identity.name == "t1" { test.status = .failed }
        }
        try writer.close()
        #expect(counts == BundleRewriter.Counts(runs: 2, tests: 6))
        let reader = try BundleReader(url: output)
        var tests: [TestRecord] = []
        try reader.forEachTest { tests.append($0) }
        #expect(tests.map(\.runIndex) == [0, 0, 0, 1, 1, 1])
        #expect(tests.filter { $0.status == .failed }.map(\.identity.name) == ["t1", "t1"])
        #expect(reader.runs.map(\.end?.exitCode) == [0, 0])
        #expect(try reader.verify().isIntact)
        #expect(reader.index.blobs.count == 1)
    }

    @Test func blobsLargerThanTheInMemoryLimitAreCopied() throws {
        let input = try Self.bundle("rewrite-large")
        var limits = BundleLimits.standard
        limits.maxInMemoryBlobBytes = 100_000
        let reader = try BundleReader(url: input, limits: limits)
        var first: TestRecord?
        try reader.forEachTest { if first == nil { first = $0 } }
        let attempt = try #require(first?.attempts.first)
        #expect(throws: (any Error).self) { try reader.blobData(attempt.attachments[0].blob) }

        let memory = InMemoryResults()
        let copied = try BundleRewriter.copyBlobs(of: attempt, from: reader, to: memory)
        let data = try memory.blobData(copied.attachments[0].blob)
        #expect(data.count == 300_000)
        #expect(copied.attachments[0].blob.sha256 == attempt.attachments[0].blob.sha256)
    }
}
