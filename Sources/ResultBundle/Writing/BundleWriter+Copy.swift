import Foundation

extension BundleWriter {
    /// Whether a blob with this digest (lowercase hex) is already in the bundle being written.
    func hasBlob(_ digest: String) -> Bool { index.blobs[digest] != nil }

    /// Copies a blob frame byte for byte from another bundle, checking its checksum on the way; on a mismatch the
    /// partial copy is removed and the error thrown.
    func copyBlobFrame(from source: FrameSource, at frameOffset: Int64, digest: [UInt8]) throws {
        try checkOpen()
        let header = try source.header(at: frameOffset)
        guard header.type == .blob else {
            throw BundleError(.damaged, "no blob frame here", path: source.path, byteOffset: frameOffset)
        }
        try settle()
        let start = offset
        var crc: UInt32 = 0
        do {
            try append(header.encoded)
            try source.streamPayload(offset: frameOffset + Int64(FrameHeader.size), length: Int(header.storedLength)) {
                crc = CRC32.update(crc, $0)
                try file.writeAll($0)
                offset += Int64($0.count)
            }
            guard header.checksum(payloadCRC: crc, payloadLength: Int(header.storedLength)) == header.checksum else {
                throw BundleError(
                    .damaged, "frame checksum mismatch (blob of \(header.storedLength) bytes)", path: source.path,
                    byteOffset: frameOffset)
            }
        } catch {
            try file.truncate(at: start)
            offset = start
            throw error
        }
        index.blobs[hexDigest(digest)] = BundleIndex.BlobEntry(
            digest: digest, offset: start, size: UInt64(header.uncompressedLength))
    }
}
