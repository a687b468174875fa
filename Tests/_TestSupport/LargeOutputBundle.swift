import Foundation
import ResultBundle
import ResultModel

/// A bundle whose one failed test has a 3 MiB output blob and the same log as an attachment, read with the
/// in-memory blob limit lowered to 1 MiB: it stands for an output over the real 256 MiB limit.
public enum LargeOutputBundle {
    /// The reader and the folder the bundle is in (outputs go there too).
    public static func make() throws -> (reader: BundleReader, folder: URL) {
        let folder = try TestPaths.makeTemporaryDirectory("large-output")
        let url = folder.appendingPathComponent("b.resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched)
        let log = Data((0..<300_000).map { "log line \($0)\n" }.joined().utf8)
        let run = try writer.beginRun(RunRecord(producer: "p", source: "s"))
        try writer.addTest(
            TestRecord(
                runIndex: run, identity: TestIdentity(module: "M", suites: ["S"], name: "testLoud"),
                attempts: [
                    TestAttempt(
                        status: .failed, issues: [IssueRecord(kind: .assertion, message: "boom")],
                        attachments: [
                            AttachmentRecord(
                                name: "capture.log", mediaType: "text/plain", kind: .text,
                                blob: try writer.storeBlob(log))
                        ],
                        output: CapturedOutput(blob: try writer.storeBlob(log)))
                ]))
        try writer.endRun(run, RunEnd())
        try writer.close()
        return (try BundleReader(url: url, limits: BundleLimits(maxInMemoryBlobBytes: 1 << 20)), folder)
    }
}
