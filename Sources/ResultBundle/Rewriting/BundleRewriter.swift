import Foundation
import ResultModel

/// The one way results are copied from a bundle into another: `merge` and `compact` (``BundleMerger``),
/// `snapshot --bundle` (adding an attachment to a test) and `record` (bringing in what the recorder's journals hold)
/// all copy through it.
///
/// ``append(_:editing:)`` appends every run (renumbered in order), suite, test and blob of a reader to a writer:
/// blobs frame for frame, without inflating or recompressing them, and each test through an optional edit.
/// ``copyBlobs(of:from:to:)`` copies the blobs one attempt references from any source into any sink, streamed
/// through a file, so a blob of any size the format allows is copied. Streaming: one record batch and one chunk
/// in memory.
public struct BundleRewriter {
    /// What ``append(_:editing:)`` appended.
    public struct Counts: Sendable, Hashable {
        /// Runs begun in the writer (including runs recovered for tests whose run record was lost).
        public var runs = 0
        /// Tests appended.
        public var tests = 0
    }

    /// The bundle being written.
    public let writer: BundleWriter

    /// A rewriter appending to `writer`.
    public init(into writer: BundleWriter) { self.writer = writer }

    /// Appends every run, suite, test and blob of `reader`, calling `edit` on each test (after its run index is
    /// renumbered) before it is written. Blobs are copied before any record refers to them; a damaged blob is not
    /// copied and is noted in `reader`'s damage. Runs end as they ended in `reader`. `runName`, when given, names
    /// every appended run (`merge --as`: shards of one configuration).
    @discardableResult
    public func append(
        _ reader: BundleReader, runName: String? = nil, editing edit: (inout TestRecord) throws -> Void = { _ in }
    ) throws -> Counts {
        var counts = Counts()
        try copyBlobFrames(of: reader)
        var runMap: [Int: Int] = [:]
        for run in reader.runs {
            var record = run.record
            if let runName { record.name = runName }
            runMap[run.index] = try writer.beginRun(record)
            counts.runs += 1
        }
        func newRunIndex(_ old: Int) throws -> Int {
            if let mapped = runMap[old] { return mapped }
            let recovered = RunRecord(
                name: runName ?? "run \(old) of \(reader.url.lastPathComponent)", producer: "unknown",
                source: "merge:recovered")
            let mapped = try writer.beginRun(recovered)
            runMap[old] = mapped
            counts.runs += 1
            return mapped
        }
        try reader.forEachSuite { suite in
            var suite = suite
            suite.runIndex = try newRunIndex(suite.runIndex)
            try writer.addSuite(suite)
        }
        try reader.forEachTest { test in
            var test = test
            test.runIndex = try newRunIndex(test.runIndex)
            try edit(&test)
            try writer.addTest(test)
            counts.tests += 1
        }
        for run in reader.runs {
            if let end = run.end, let mapped = runMap[run.index] { try writer.endRun(mapped, end) }
        }
        try copyCoverage(of: reader, runMap: runMap)
        return counts
    }

    /// Copies every blob frame of `reader` the writer does not hold yet, in file order.
    private func copyBlobFrames(of reader: BundleReader) throws {
        for entry in reader.index.blobs.values.sorted(by: { $0.offset < $1.offset })
        where !writer.hasBlob(hexDigest(entry.digest)) {
            do {
                try writer.copyBlobFrame(from: reader.source, at: entry.offset, digest: entry.digest)
            } catch let problem as BundleError where problem.code != .io {
                reader.note(
                    BundleDamage(
                        kind: .damagedBlob, byteOffset: entry.offset,
                        message: "blob \(hexDigest(entry.digest)): \(problem.message); not copied"))
            }
        }
    }

    /// `attempt` with every blob it references (its output, its attachments and its steps' attachments, at any
    /// depth) copied from `source` into `sink`, and the references replaced by the sink's.
    public static func copyBlobs(of attempt: TestAttempt, from source: any ResultSource, to sink: any ResultSink)
        throws -> TestAttempt
    {
        var attempt = attempt
        if let blob = attempt.output?.blob { attempt.output?.blob = try copyBlob(blob, from: source, to: sink) }
        attempt.attachments = try attempt.attachments.map { try copy($0, from: source, to: sink) }
        attempt.activities = try attempt.activities.map { try copy($0, from: source, to: sink) }
        return attempt
    }

    private static func copy(_ activity: ActivityRecord, from source: any ResultSource, to sink: any ResultSink)
        throws -> ActivityRecord
    {
        var activity = activity
        activity.attachments = try activity.attachments.map { try copy($0, from: source, to: sink) }
        activity.children = try activity.children.map { try copy($0, from: source, to: sink) }
        return activity
    }

    private static func copy(_ attachment: AttachmentRecord, from source: any ResultSource, to sink: any ResultSink)
        throws -> AttachmentRecord
    {
        var attachment = attachment
        attachment.blob = try copyBlob(attachment.blob, from: source, to: sink)
        return attachment
    }

    /// Copies one blob through a file, streamed both ways, so a blob of any size the format allows is copied
    /// (reading it into memory refuses one over the reader's in-memory limit). The file is in a folder made for
    /// it (creating the folder fails if the name exists), so nothing already there is replaced.
    public static func copyBlob(_ blob: BlobReference, from source: any ResultSource, to sink: any ResultSink) throws
        -> BlobReference
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "resultbundle-blob-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("blob")
        try source.copyBlob(blob, to: file)
        return try sink.storeBlob(contentsOf: file)
    }
}
