/// A source file as it was when a run was recorded: its path, exactly as the run's issues spell it, and the SHA-256
/// of its contents.
public struct SourceFileHash: Sendable, Codable, Hashable {
    /// The path as the issues' source locations give it (absolute, or relative to the run's working directory).
    public var path: String
    /// Lowercase hexadecimal SHA-256 of the file's bytes.
    public var sha256: String

    /// Creates the hash of one file.
    public init(path: String, sha256: String) {
        self.path = path
        self.sha256 = sha256
    }
}
