import Foundation

/// Which attachments a report may serve under their own names (docs/REPORT.md, "Attachments").
///
/// An allow list, not a deny list: browsers open many more types as documents able to run script than anyone
/// lists (`.shtm`, `.ehtml`, `.xhtm`, `.atom`, `.rss`, `.xsd`, `.xbl`, …, and a name with no known extension is
/// sniffed), so a file keeps its name only when its extension is one of ``safeExtensions`` and its media type is
/// not active; anything else is served as text.
enum ActiveContent {
    /// Extensions browsers show as an image, as plain text, or play or download; never as a document with script.
    static let safeExtensions: Set<String> = [
        // Images (SVG is not one: it is a document that can hold script).
        "png", "apng", "jpg", "jpeg", "gif", "webp", "avif", "bmp", "ico", "tif", "tiff",
        // Text shown as text.
        "txt", "log", "json", "csv", "tsv", "diff", "patch",
        // Audio and video, played by the browser's own player.
        "mp3", "wav", "ogg", "oga", "mp4", "m4a", "webm",
        // Archives, downloaded (their types are known, so never sniffed as a page).
        "zip", "gz", "tgz", "bz2", "xz", "zst", "tar",
    ]

    /// Media types that are documents able to run script, whatever the name says.
    static let mediaTypes: Set<String> = [
        "text/html", "application/xhtml+xml", "image/svg+xml", "text/xml", "application/xml", "text/xsl",
        "text/javascript", "application/javascript", "application/ecmascript", "multipart/related",
    ]

    /// The safe extension a file of `mediaType` is given when its own name has none that is safe (a screenshot named
    /// `screen` of type `image/png` is written as `screen.png`, a terminal snapshot's JSON as `….json`); `nil` for
    /// other types, which are written as text. The media type is no more trusted than the name: each extension
    /// given here is one a browser never runs as a document, whatever the file holds.
    static func safeExtension(forMediaType mediaType: String) -> String? {
        guard let type = mediaType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        else { return nil }
        if type.hasSuffix("+json") { return "json" }
        return [
            "image/png": "png", "image/apng": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp",
            "image/avif": "avif", "image/bmp": "bmp", "application/json": "json", "text/plain": "txt",
            "text/csv": "csv",
        ][type]
    }

    /// Whether a file named `fileName`, of `mediaType`, must be served as text: its extension is not a safe one
    /// (or it has none), or its media type is a document able to run script.
    static func isActive(fileName: String, mediaType: String) -> Bool {
        let type = mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if let type, mediaTypes.contains(type) || type.hasSuffix("+xml") { return true }
        guard let dot = fileName.lastIndex(of: ".") else { return true }
        return !safeExtensions.contains(fileName[fileName.index(after: dot)...].lowercased())
    }
}
