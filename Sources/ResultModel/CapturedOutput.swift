/// Console output that belongs to a run, suite or test.
///
/// Short output is kept inline in the record; long output is stored as a blob and referenced. Bytes that are not
/// valid UTF-8 are replaced by U+FFFD when output is kept inline; a blob keeps the bytes as they were.
/// ANSI escape sequences are kept as they were printed.
public struct CapturedOutput: Sendable, Codable, Hashable {
    /// The output itself, when it is kept inline.
    public var text: String?
    /// The blob holding the output, when it is stored out of line.
    public var blob: BlobReference?

    /// Creates inline output.
    public init(text: String) {
        self.text = text
        self.blob = nil
    }

    /// Creates output stored in a blob.
    public init(blob: BlobReference) {
        self.text = nil
        self.blob = blob
    }

    /// Size in bytes of the output (UTF-8 bytes for inline text).
    public var byteCount: Int { blob?.size ?? text?.utf8.count ?? 0 }
}
