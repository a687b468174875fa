/// A file, piece of data, text or terminal snapshot that a test or one of its steps attached.
public struct AttachmentRecord: Sendable, Codable, Hashable {
    /// What an attachment holds, which decides how a report shows it.
    public enum Kind: String, Sendable, Codable, Hashable, CaseIterable {
        /// Arbitrary bytes; `mediaType` says what they are.
        case data
        /// UTF-8 text.
        case text
        /// An image (PNG, JPEG, GIF, SVG, ...).
        case image
        /// A file attached by path.
        case file
        /// A ``TerminalSnapshot`` encoded as JSON (media type ``TerminalSnapshot/mediaType``).
        case terminalSnapshot
        /// Anything else, including kinds written by a newer format version.
        case other

        /// Decodes unknown raw values as ``other``.
        public init(from decoder: any Decoder) throws {
            let raw = try decoder.singleValueContainer().decode(String.self)
            self = Kind(rawValue: raw) ?? .other
        }
    }

    /// The name the test gave it (untrusted: may contain any character, including `/` and `..`).
    public var name: String
    /// The media type, for example `text/plain` or `image/png`.
    public var mediaType: String
    /// What it holds.
    public var kind: Kind
    /// Where its content is stored.
    public var blob: BlobReference
    /// When it was attached, in seconds since 1970, when known.
    public var timestamp: Double?
    /// Where it was recorded, when known.
    public var location: SourceLocation?

    /// Creates an attachment record.
    public init(
        name: String,
        mediaType: String,
        kind: Kind,
        blob: BlobReference,
        timestamp: Double? = nil,
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.mediaType = mediaType
        self.kind = kind
        self.blob = blob
        self.timestamp = timestamp
        self.location = location
    }

    /// The size of the content in bytes.
    public var size: Int { blob.size }
}
