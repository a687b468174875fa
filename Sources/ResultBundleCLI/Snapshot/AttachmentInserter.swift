import Foundation
import ResultBundle
import ResultModel

/// Adds an attachment to one test of a bundle. Bundles are append-only, so the bundle is copied into a new one with
/// the attachment added to the test's final attempt, then renamed over the old one.
enum AttachmentInserter {
    static func attach(_ snapshot: TerminalSnapshot, named name: String, toTest testID: String, in bundle: URL) throws {
        let reader = try BundleOpening.open(bundle.path, quiet: true)
        let data = try JSONEncoder().encode(snapshot)
        var found = false
        try AtomicOutput.write(to: bundle) { temporary in
            let writer = try BundleWriter(creating: temporary, flushPolicy: .batched)
            for run in reader.runs { _ = try writer.beginRun(run.record) }
            try reader.forEachSuite { suite in
                try copyBlob(suite.output?.blob, from: reader, to: writer)
                try writer.addSuite(suite)
            }
            try reader.forEachTest { test in
                var test = test
                try copyBlobs(of: test, from: reader, to: writer)
                if test.id == testID, !test.attempts.isEmpty {
                    let blob = try writer.storeBlob(data)
                    let attachment = AttachmentRecord(
                        name: name, mediaType: TerminalSnapshot.mediaType, kind: .terminalSnapshot, blob: blob,
                        timestamp: Date().timeIntervalSince1970)
                    test.attempts[test.attempts.count - 1].attachments.append(attachment)
                    found = true
                }
                try writer.addTest(test)
            }
            for run in reader.runs {
                try copyBlob(run.end?.output?.blob, from: reader, to: writer)
                if let end = run.end { try writer.endRun(run.index, end) }
            }
            guard found else { throw CLIError("\(bundle.path) has no test with the id \(testID)") }
            try writer.close()
        }
    }

    private static func copyBlobs(of test: TestRecord, from reader: BundleReader, to writer: BundleWriter) throws {
        for attempt in test.attempts + test.cases.flatMap(\.attempts) {
            try copyBlob(attempt.output?.blob, from: reader, to: writer)
            for attachment in attempt.allAttachments { try copyBlob(attachment.blob, from: reader, to: writer) }
        }
    }

    private static func copyBlob(_ blob: BlobReference?, from reader: BundleReader, to writer: BundleWriter) throws {
        guard let blob else { return }
        _ = try writer.storeBlob(try reader.blobData(blob))
    }
}
