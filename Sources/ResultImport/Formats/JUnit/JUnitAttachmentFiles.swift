import Foundation
import ResultModel
import ResultSupport

/// Turns the attachment references of one JUnit document into attachments stored as blobs, confined to one folder.
///
/// Each file is opened by ``ConfinedFileOpener`` (regular files inside the root only, symbolic links resolved)
/// and streamed into the sink from the opened descriptor, so what was checked is what is stored. A file a test
/// names twice (or two files of the same name and content) is attached once; a file several tests name is read once (its blob is remembered by device,
/// inode, size and modification time). Every file that is not attached is a warning naming the JUnit file, the
/// line and the path; the import goes on. Not safe to use from several tasks at once.
final class JUnitAttachmentFiles {
    private let sink: any ResultSink
    private let fileName: String
    /// `nil` when the document has no folder (standard input without `--attachments-root`).
    private let opener: ConfinedFileOpener?
    private let maxBytes: Int
    private var stored: [FileKey: (blob: BlobReference, mediaType: String)] = [:]
    private var warnedAboutRoot = false
    /// The warnings so far.
    private(set) var diagnostics: [Diagnostic] = []

    private struct FileKey: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modified: Int64
        var modifiedNanoseconds: Int64
    }

    /// Creates a collector for the document `fileName` resolving paths against `root`; files over `maxBytes` (the
    /// bundle's blob limit) are not attached.
    init(sink: any ResultSink, fileName: String, root: URL?, maxBytes: Int) {
        self.sink = sink
        self.fileName = fileName
        opener = root.map(ConfinedFileOpener.init(root:))
        self.maxBytes = maxBytes
    }

    /// Creates a collector for the input a context is reading, with its attachments folder and blob limit.
    convenience init(context: ImportContext) {
        self.init(
            sink: context.sink, fileName: context.fileName, root: context.attachmentsBase,
            maxBytes: context.maxAttachmentBytes)
    }

    /// The attachments of `references`, in order, each file once.
    func attachments(for references: [AttachmentReference]) -> [AttachmentRecord] {
        guard !references.isEmpty else { return [] }
        var records: [AttachmentRecord] = []
        var seen: Set<FileKey> = []
        for reference in references {
            guard let file = open(reference) else { continue }
            defer { file.close() }
            let key = FileKey(
                device: file.device, inode: file.inode, size: file.size, modified: file.modified,
                modifiedNanoseconds: file.modifiedNanoseconds)
            guard seen.insert(key).inserted else { continue }
            guard let content = store(file, key: key, reference: reference) else { continue }
            let name = Self.name(of: reference.path)
            // Another file of the same name and content (an original and its exported copy) is the same attachment.
            if records.contains(where: { $0.name == name && $0.blob == content.blob }) { continue }
            records.append(
                AttachmentRecord(
                    name: name, mediaType: content.mediaType, kind: MediaTypes.kind(of: content.mediaType),
                    blob: content.blob))
        }
        return records
    }

    /// Warns that the attachment lines of a suite's output are kept as text only.
    func noteSuiteAttachments(_ references: [AttachmentReference], suite: String) {
        guard let first = references.first else { return }
        warn(
            "the <testsuite name=\"\(suite)\"> names \(references.count) attachment(s) (\"\(first.path)\" first); "
                + "a suite has no attachments in a bundle, so they stay lines of its output and are not stored",
            line: first.line)
    }

    private func open(_ reference: AttachmentReference) -> ConfinedFileOpener.OpenedFile? {
        guard let opener else {
            warn(
                "the attachment \"\(reference.path)\" was not attached: JUnit XML read from standard input has no "
                    + "folder to find it in (give --attachments-root)", line: reference.line)
            return nil
        }
        guard let realRoot = opener.realRoot else {
            if !warnedAboutRoot {
                warnedAboutRoot = true
                warn(
                    "the attachments folder \(opener.root) does not exist; no attachment of this file was attached",
                    line: reference.line)
            }
            return nil
        }
        switch opener.open(reference.path) {
        case .success(let file):
            return file
        case .failure(.outsideRoot):
            warn(
                "the attachment \"\(reference.path)\" is outside the attachments folder \(realRoot) (symbolic links "
                    + "resolved); it was not attached", line: reference.line)
        case .failure(.missing):
            warn("the attachment \"\(reference.path)\" does not exist; it was not attached", line: reference.line)
        case .failure(.notRegularFile(let kind)):
            warn(
                "the attachment \"\(reference.path)\" is \(kind), not a regular file; it was not attached",
                line: reference.line)
        case .failure(.unreadable(let reason)):
            warn(
                "the attachment \"\(reference.path)\" cannot be read (\(reason)); it was not attached",
                line: reference.line)
        }
        return nil
    }

    /// Stores the file's content as a blob (streamed from the open descriptor), or finds it stored already.
    private func store(_ file: ConfinedFileOpener.OpenedFile, key: FileKey, reference: AttachmentReference)
        -> (blob: BlobReference, mediaType: String)?
    {
        if let known = stored[key] { return known }
        guard file.size <= maxBytes else {
            warn(
                "the attachment \"\(reference.path)\" is \(file.size) bytes, over the limit of \(maxBytes) bytes for "
                    + "one blob; it was not attached", line: reference.line)
            return nil
        }
        let blob: BlobReference
        do {
            blob = try sink.storeBlob(contentsOf: URL(fileURLWithPath: file.readablePath))
        } catch {
            warn(
                "the attachment \"\(reference.path)\" could not be stored (\(error)); it was not attached",
                line: reference.line)
            return nil
        }
        var head = [UInt8](repeating: 0, count: 4096)
        let opened = POSIXFile(descriptor: file.descriptor, path: reference.path)
        let count = (try? head.withUnsafeMutableBytes { try opened.read(into: $0, at: 0) }) ?? 0
        let mediaType = MediaTypes.guess(
            fileName: Self.name(of: reference.path), data: Data(head[0..<max(count, 0)]))
        stored[key] = (blob, mediaType)
        return (blob, mediaType)
    }

    /// The attachment's name: the last component of the path as written.
    private static func name(of path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.isEmpty ? path : last
    }

    private func warn(_ message: String, line: Int?) {
        diagnostics.append(Diagnostic(severity: .warning, message: message, file: fileName, line: line))
    }
}
