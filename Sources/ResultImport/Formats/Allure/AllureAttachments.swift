import Foundation
import ResultModel

/// Stores the files Allure's `attachments` name (`name`, `source`, `type`), which lie in the results folder
/// itself: each through ``JUnitAttachmentFiles``, so only regular files inside the folder are read, and kept under
/// the name and media type Allure gave it.
final class AllureAttachments {
    private let sink: any ResultSink
    private let folder: URL
    private let maxBytes: Int
    /// The warnings about attachments not stored, so far.
    private(set) var diagnostics: [Diagnostic] = []

    /// Creates a store of attachments found in `folder`, up to `maxBytes` each.
    init(sink: any ResultSink, folder: URL, maxBytes: Int) {
        self.sink = sink
        self.folder = folder
        self.maxBytes = maxBytes
    }

    /// The attachments of an `attachments` array of the result or container file `fileName`, in order.
    func records(_ list: JSONValue?, fileName: String) -> [AttachmentRecord] {
        guard let list = list?.array, !list.isEmpty else { return [] }
        let files = JUnitAttachmentFiles(sink: sink, fileName: fileName, root: folder, maxBytes: maxBytes)
        var records: [AttachmentRecord] = []
        for attachment in list {
            guard let source = attachment["source"]?.string, !source.isEmpty else { continue }
            // One reference per call, so the record found is this attachment's (the collector skips a file it
            // attached already in the same call).
            guard var record = files.attachments(for: [AttachmentReference(path: source, line: nil)]).first else {
                continue
            }
            if let name = attachment["name"]?.string, !name.isEmpty { record.name = name }
            if let type = attachment["type"]?.string, !type.isEmpty {
                record.mediaType = type
                record.kind = MediaTypes.kind(of: type)
            }
            records.append(record)
        }
        diagnostics += files.diagnostics
        return records
    }
}
