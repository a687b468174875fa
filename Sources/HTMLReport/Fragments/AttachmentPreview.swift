import Foundation

/// The preview a test page shows of a text or JSON attachment (``TextPreviewHTML``), for callers outside the report:
/// the `attachment-preview` fuzz target.
public enum AttachmentPreview {
    /// The numbered-lines preview of `data`, reformatted when `mediaType` or `name` says JSON and it parses.
    /// - Complexity: O(*n*) in the size of `data` (at most ``TextPreviewHTML/formattingLimit`` bytes are parsed).
    public static func html(for data: Data, mediaType: String, name: String) -> String {
        TextPreviewHTML.render(data, isJSON: TextPreviewHTML.isJSON(mediaType: mediaType, name: name))
    }
}
