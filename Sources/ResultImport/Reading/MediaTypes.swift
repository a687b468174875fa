import Foundation
import ResultModel

/// Guesses media types of attachments from their names and content.
public enum MediaTypes {
    private static let byExtension: [String: String] = [
        "txt": "text/plain", "log": "text/plain", "md": "text/markdown", "json": "application/json",
        "xml": "application/xml", "html": "text/html", "csv": "text/csv", "png": "image/png",
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
    ]

    /// The media type for a file name, falling back to `text/plain` for UTF-8 content and
    /// `application/octet-stream` otherwise.
    public static func guess(fileName: String, data: Data) -> String {
        let ext = (fileName as NSString).pathExtension.lowercased()
        if let type = byExtension[ext] { return type }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if String(data: data.prefix(4096), encoding: .utf8) != nil { return "text/plain" }
        return "application/octet-stream"
    }

    /// The attachment kind a media type implies.
    public static func kind(of mediaType: String) -> AttachmentRecord.Kind {
        if mediaType == TerminalSnapshot.mediaType { return .terminalSnapshot }
        if mediaType.hasPrefix("image/") { return .image }
        if mediaType.hasPrefix("text/") || mediaType == "application/json" || mediaType == "application/xml" {
            return .text
        }
        return .data
    }
}
