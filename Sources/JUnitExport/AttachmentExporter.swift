import Foundation
import ResultModel

/// Exports attachments into a folder with sanitized, unique names (never outside the folder) and returns the path
/// relative to the XML file for `[[ATTACHMENT|path]]` lines.
final class AttachmentExporter {
    private let directory: URL
    private let writeDirectory: URL
    private let relativePrefix: String
    private let source: any ResultSource
    private var exported: [String: String] = [:]
    private(set) var count = 0

    /// Exports into `writeDirectory`, referenced as `directory` (they differ when the folder is written under a
    /// temporary name and renamed into place).
    init(directory: URL, writingInto writeDirectory: URL, relativeTo xmlFolder: URL, source: any ResultSource) throws {
        self.directory = directory.standardizedFileURL
        self.writeDirectory = writeDirectory.standardizedFileURL
        self.source = source
        try FileManager.default.createDirectory(at: self.writeDirectory, withIntermediateDirectories: true)
        let base = xmlFolder.standardizedFileURL.path
        let path = self.directory.path
        relativePrefix = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }

    func export(_ attachment: AttachmentRecord) throws -> String? {
        let key = attachment.blob.sha256 + "/" + attachment.name
        if let known = exported[key] { return known }
        let name = "\(String(attachment.blob.sha256.prefix(12)))-\(Self.sanitize(attachment.name))"
        let url = writeDirectory.appendingPathComponent(name)
        guard url.standardizedFileURL.deletingLastPathComponent().path == writeDirectory.path else { return nil }
        // Streamed, so an attachment of any size (up to the format's 1 GiB) is exported; a missing or damaged
        // blob is left out, as before.
        guard (try? source.copyBlob(attachment.blob, to: url)) != nil else { return nil }
        count += 1
        let relative = relativePrefix + "/" + name
        exported[key] = relative
        return relative
    }

    static func sanitize(_ name: String) -> String {
        var result = String(
            name.unicodeScalars.prefix(80).map { scalar -> Character in
                let ok =
                    scalar.value < 128
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "._-".unicodeScalars.contains(scalar))
                return ok ? Character(scalar) : "_"
            })
        while result.hasPrefix(".") { result.removeFirst() }
        return result.isEmpty ? "attachment" : result
    }
}
