import CZlib
import Foundation

/// The `.rbhistory` file's layout (docs/HISTORY.md): a 16-byte header, then frames, each a 16-byte frame header
/// and a zlib-compressed payload. Append-only: a `history add` appends a keys frame (the test keys seen for the
/// first time) and a run frame; a torn last frame (a killed writer) is ignored by readers and cut by the next
/// writer, and a damaged frame inside the file is skipped, so every complete run survives.
enum HistoryFormat {
    static let magic: [UInt8] = Array("RBHISTRY".utf8)
    /// 2.0: keys are length-prefixed (a `K` frame, any byte allowed in a name) and a frame's checksum covers its
    /// header too. 1.x files (newline-separated `T` frames) are read, and upgraded by the next `history add`.
    static let major: UInt16 = 2
    static let minor: UInt16 = 1
    static let headerSize = 16
    static let frameHeaderSize = 16
    /// The largest payload a frame may declare, compressed or not (a hostile file cannot make a reader allocate more).
    static let maxPayloadBytes = 256 << 20

    /// Frame types.
    enum FrameType: UInt8 {
        /// Format 1.x: test keys, one per line, appended to the table in order (a name holding a line break
        /// splits; never written since 2.0).
        case tests = 0x54  // T
        /// Test keys from a given table position on, each length-prefixed (``HistoryKeyEncoding``).
        case keys = 0x4B  // K
        /// One run: a JSON line of its facts, then a status byte and a duration varint per table entry.
        case run = 0x52  // R
    }

    /// The file header.
    static func header(major: UInt16 = major, minor: UInt16 = minor) -> [UInt8] {
        var bytes = magic
        bytes.appendLittleEndian(major)
        bytes.appendLittleEndian(minor)
        bytes.appendLittleEndian(UInt32(0))
        return bytes
    }

    /// A frame: type, three reserved bytes, the compressed and uncompressed lengths and the CRC-32 of those 12
    /// header bytes followed by the compressed payload (little-endian), then the payload.
    static func frame(_ type: FrameType, payload: [UInt8], major: UInt16 = major) throws -> [UInt8] {
        let compressed = try deflate(payload)
        var bytes: [UInt8] = [type.rawValue, 0, 0, 0]
        bytes.appendLittleEndian(UInt32(compressed.count))
        bytes.appendLittleEndian(UInt32(payload.count))
        bytes.appendLittleEndian(frameCRC(header: bytes[...], stored: compressed[...], major: major))
        return bytes + compressed
    }

    /// The checksum a frame of a file of version `major` carries: since 2.0 over the frame header's first 12 bytes
    /// and the stored payload (a damaged length is caught like damaged content), in 1.x over the payload alone.
    static func frameCRC(header: ArraySlice<UInt8>, stored: ArraySlice<UInt8>, major: UInt16) -> UInt32 {
        guard major >= 2 else { return crc(stored) }
        let headerCRC = header.prefix(12).withUnsafeBufferPointer {
            crc32(0, $0.baseAddress, uInt($0.count))
        }
        return stored.withUnsafeBufferPointer { UInt32(crc32(headerCRC, $0.baseAddress, uInt($0.count))) }
    }

    static func crc(_ bytes: [UInt8]) -> UInt32 { crc(bytes[...]) }

    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
    }

    static func deflate(_ input: [UInt8]) throws -> [UInt8] {
        var length = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = input.withUnsafeBufferPointer { source in
            compress2(&output, &length, source.baseAddress, uLong(source.count), 6)
        }
        guard status == Z_OK else { throw HistoryError(.io, "cannot compress a history frame (zlib \(status))") }
        output.removeSubrange(Int(length)...)
        return output
    }

    /// The first `limit` bytes (or fewer, when the payload is shorter) of a zlib stream, inflating no more: a run's
    /// facts line without its 100,000 statuses and durations.
    static func inflatePrefix(_ input: ArraySlice<UInt8>, limit: Int) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: limit)
        var input = Array(input)
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CZlib.inflate(&stream, Z_SYNC_FLUSH)
            }
        }
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }

    static func inflate(_ input: ArraySlice<UInt8>, expected: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: max(1, expected))
        var length = uLong(expected)
        let status = Array(input).withUnsafeBufferPointer { source in
            uncompress(&output, &length, source.baseAddress, uLong(source.count))
        }
        guard status == Z_OK, Int(length) == expected else { return nil }
        output.removeSubrange(expected...)
        return output
    }
}

extension Array where Element == UInt8 {
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        var little = value.littleEndian
        Swift.withUnsafeBytes(of: &little) { append(contentsOf: $0) }
    }

    func littleEndian<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
        withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }

    /// Appends `value` as an unsigned LEB128 varint.
    mutating func appendVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        append(UInt8(value))
    }
}
