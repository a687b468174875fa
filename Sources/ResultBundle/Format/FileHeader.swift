import Foundation

/// The 16-byte header at the start of every bundle: magic, format version, flags.
enum FileHeader {
    /// `\x89RBUNDL\n`: a non-ASCII first byte (so the file is not taken for text), the name, a newline (so
    /// line-ending conversion is detected).
    static let magic: [UInt8] = [0x89, 0x52, 0x42, 0x55, 0x4E, 0x44, 0x4C, 0x0A]
    /// Size of the header in bytes.
    static let size = 16

    /// The header bytes for a version.
    static func encode(_ version: FormatVersion, flags: UInt32 = 0) -> [UInt8] {
        var bytes = magic
        bytes.appendLittleEndian(version.major)
        bytes.appendLittleEndian(version.minor)
        bytes.appendLittleEndian(flags)
        return bytes
    }

    /// Reads the version, refusing what is not a bundle and a newer major version.
    static func decode(_ bytes: [UInt8], path: String) throws -> FormatVersion {
        guard bytes.count >= size, Array(bytes[0..<8]) == magic else {
            throw BundleError(
                .notABundle, "not a result bundle (the file does not start with the resultbundle magic bytes)",
                path: path, byteOffset: 0)
        }
        let version = FormatVersion(
            major: bytes.readLittleEndian(UInt16.self, at: 8),
            minor: bytes.readLittleEndian(UInt16.self, at: 10))
        if version.major > FormatVersion.current.major {
            let name = (path as NSString).lastPathComponent
            throw BundleError(
                .newerMajorVersion,
                "\(name) is format \(version); this resultbundle reads format \(FormatVersion.current.major).x"
                    + " — upgrade resultbundle",
                path: path, byteOffset: 8)
        }
        if version.major == 0 {
            throw BundleError(
                .damaged, "format version \(version) does not exist (damaged header)",
                path: path, byteOffset: 8)
        }
        return version
    }
}

extension Array where Element == UInt8 {
    /// Appends an integer in little-endian byte order.
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        var little = value.littleEndian
        Swift.withUnsafeBytes(of: &little) { append(contentsOf: $0) }
    }

    /// Reads a little-endian integer at `offset`; the caller checks bounds.
    @inline(__always)
    func readLittleEndian<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
        precondition(offset >= 0 && offset + MemoryLayout<T>.size <= count, "read past the end of a checked buffer")
        return withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }
}
