/// A damaged, missing or incomplete part of a bundle, found while opening, reading or verifying it.
/// Damage is reported, not fatal: the rest of the bundle still reads.
public struct BundleDamage: Sendable, Hashable, CustomStringConvertible, Codable {
    /// What kind of damage this is.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The file ends in the middle of a frame (a writer stopped while writing); everything before reads.
        case tornTail
        /// Bytes in the middle of the file are not a valid frame (bad magic, lengths or checksum); skipped.
        case damagedFrame
        /// A record line could not be decoded; the other lines of its batch still read.
        case unreadableRecord
        /// A blob's content does not match its SHA-256, or its compressed data is corrupt.
        case damagedBlob
        /// A record references a blob the bundle does not hold.
        case missingBlob
        /// The bundle has no index (it was not closed); the index was rebuilt by a scan.
        case missingIndex
        /// The index or trailer is damaged or disagrees with the frames; the index was rebuilt by a scan.
        case damagedIndex
    }

    /// What kind of damage this is.
    public var kind: Kind
    /// Where it starts in the file.
    public var byteOffset: Int64
    /// How many bytes it spans, when known.
    public var length: Int64?
    /// What is damaged and what it means for reading, in a sentence.
    public var message: String

    /// Creates a damage report.
    public init(kind: Kind, byteOffset: Int64, length: Int64? = nil, message: String) {
        self.kind = kind
        self.byteOffset = byteOffset
        self.length = length
        self.message = message
    }

    /// `byte N: message`.
    public var description: String { "byte \(byteOffset): \(message)" }
}
