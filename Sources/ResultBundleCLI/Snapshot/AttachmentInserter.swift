import Foundation
import ResultBundle
import ResultModel

/// Adds an attachment to one test of a bundle. Bundles are append-only, so the bundle is copied into a new one
/// (``ResultBundle/BundleRewriter``) with the attachment added to the test's final attempt, then renamed over the
/// old one.
enum AttachmentInserter {
    static func attach(_ snapshot: TerminalSnapshot, named name: String, toTest testID: String, in bundle: URL) throws {
        let reader = try BundleOpening.open(bundle.path, quiet: true)
        let data = try JSONEncoder().encode(snapshot)
        var found = false
        try AtomicOutput.write(to: bundle) { temporary in
            let writer = try BundleWriter(creating: temporary, flushPolicy: .batched)
            try BundleRewriter(into: writer).append(reader) { test in
                guard test.id == testID, !test.attempts.isEmpty else { return }
                let blob = try writer.storeBlob(data)
                let attachment = AttachmentRecord(
                    name: name, mediaType: TerminalSnapshot.mediaType, kind: .terminalSnapshot, blob: blob,
                    timestamp: Date().timeIntervalSince1970)
                test.attempts[test.attempts.count - 1].attachments.append(attachment)
                found = true
            }
            guard found else { throw CLIError("\(bundle.path) has no test with the id \(testID)") }
            try writer.close()
        }
    }
}
