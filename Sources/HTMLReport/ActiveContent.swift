import Foundation

/// Content a browser runs as a document with script when it is opened: never served under its own type from a
/// report (docs/REPORT.md, "Attachments").
enum ActiveContent {
    /// File extensions browsers open as documents that can run script (by extension on `file://` and on most
    /// static hosts).
    static let extensions: Set<String> = [
        "html", "htm", "xhtml", "xht", "shtml", "svg", "svgz", "xml", "xsl", "xslt", "js", "mjs", "mht", "mhtml",
        "hta", "swf",
    ]

    /// Media types that are documents able to run script.
    static let mediaTypes: Set<String> = [
        "text/html", "application/xhtml+xml", "image/svg+xml", "text/xml", "application/xml", "text/xsl",
        "text/javascript", "application/javascript", "application/ecmascript", "multipart/related",
    ]

    /// Whether a file named `fileName`, or of `mediaType`, would run as an active document.
    static func isActive(fileName: String, mediaType: String) -> Bool {
        let type = mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if let type, mediaTypes.contains(type) || type.hasSuffix("+xml") { return true }
        guard let dot = fileName.lastIndex(of: ".") else { return false }
        return extensions.contains(fileName[fileName.index(after: dot)...].lowercased())
    }
}
