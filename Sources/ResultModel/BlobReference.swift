/// A reference to content stored once in a bundle, addressed by the SHA-256 of its uncompressed bytes.
public struct BlobReference: Sendable, Codable, Hashable {
    /// Lowercase hexadecimal SHA-256 of the uncompressed content (64 characters).
    public var sha256: String
    /// The uncompressed size in bytes.
    public var size: Int

    /// Creates a reference.
    public init(sha256: String, size: Int) {
        self.sha256 = sha256
        self.size = size
    }
}
