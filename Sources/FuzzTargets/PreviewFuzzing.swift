import Foundation
import HTMLReport

/// Targets for what the report parses of an attachment's content.
enum PreviewFuzzing {
    /// A JSON attachment's preview: our own JSON reader and pretty-printer, then the numbered, escaped lines.
    static func json(_ input: UnsafeRawBufferPointer) {
        _ = AttachmentPreview.html(for: Data(input), mediaType: "application/json", name: "fuzz.json")
    }
}
