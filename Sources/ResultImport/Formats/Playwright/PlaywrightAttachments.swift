import Foundation
import ResultModel

/// The attachments of a Playwright result: a `path` to a file (a screenshot, a trace, a video), stored when it is a
/// regular file inside the attachments folder (``JUnitAttachmentFiles``'s rules), or an inline base64 `body`.
final class PlaywrightAttachments {
    private let session: JSONReportSession
    private let files: JUnitAttachmentFiles

    init(session: JSONReportSession) {
        self.session = session
        files = JUnitAttachmentFiles(
            sink: session.context.sink, fileName: session.fileName, root: session.context.attachmentsBase,
            maxBytes: session.context.maxAttachmentBytes)
    }

    /// Warnings about files that were not attached.
    var diagnostics: [Diagnostic] { files.diagnostics }

    /// The attachments of `list` (a result's `attachments`).
    func records(_ list: JSONValue?) throws -> [AttachmentRecord] {
        var records: [AttachmentRecord] = []
        for item in list?.array ?? [] {
            let name = item["name"]?.string ?? "attachment"
            if let path = item["path"]?.string, !path.isEmpty {
                for var record in files.attachments(for: [AttachmentReference(path: path, line: 0)]) {
                    record.name = name
                    if let type = item["contentType"]?.string, !type.isEmpty {
                        record.mediaType = type
                        record.kind = MediaTypes.kind(of: type)
                    }
                    records.append(record)
                }
            } else if let body = item["body"]?.string, let data = Data(base64Encoded: body),
                data.count <= session.context.maxAttachmentBytes
            {
                let type = item["contentType"]?.string ?? MediaTypes.guess(fileName: name, data: data)
                records.append(
                    AttachmentRecord(
                        name: name, mediaType: type, kind: MediaTypes.kind(of: type),
                        blob: try session.context.sink.storeBlob(data)))
            }
        }
        return records
    }
}
