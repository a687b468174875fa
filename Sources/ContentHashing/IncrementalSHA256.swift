import Crypto

/// A SHA-256 fed in pieces: for a digest of more bytes than are worth holding at once.
package struct IncrementalSHA256 {
    private var hasher = SHA256()

    package init() {}

    /// Adds `bytes` to what is hashed.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) { hasher.update(bufferPointer: bytes) }

    /// Adds `bytes` to what is hashed.
    package mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) } }

    /// The digest of everything added, in lowercase hexadecimal.
    package func finalizeHex() -> String { ContentHash.hex(hasher.finalize()) }
}
