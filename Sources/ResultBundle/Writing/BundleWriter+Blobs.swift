import Crypto
import Foundation
import ResultModel

extension BundleWriter {
    /// Stores `data` once per distinct content (keyed by SHA-256) as a blob frame and returns its reference.
    public func storeBlob(_ data: Data) throws -> BlobReference {
        try checkOpen()
        let digest = Array(SHA256.hash(data: data))
        let hex = hexDigest(digest)
        let reference = BlobReference(sha256: hex, size: data.count)
        if index.blobs[hex] != nil { return reference }
        guard data.count <= limits.maxBlobBytes else {
            throw BundleError(
                .limitExceeded, "a blob of \(data.count) bytes is over the limit of \(limits.maxBlobBytes)",
                path: url.path)
        }
        let compressed = try data.withUnsafeBytes { try Compression.deflate($0) }
        let isCompressed = compressed.count < data.count
        var payload = digest
        payload.reserveCapacity(32 + min(compressed.count, data.count))
        if isCompressed { payload.append(contentsOf: compressed) } else { payload.append(contentsOf: data) }
        try settle()
        let frameOffset = offset
        try writeFrame(.blob, compressed: isCompressed, payload: payload, uncompressedLength: data.count)
        index.blobs[hex] = BundleIndex.BlobEntry(digest: digest, offset: frameOffset, size: UInt64(data.count))
        return reference
    }

    /// Stores a file's content once per distinct content, never holding it whole in memory: a first pass hashes
    /// it, a second streams it through deflate into the frame.
    /// - Throws: ``BundleError/Code/sourceChanged`` when the file changes between the passes.
    public func storeBlob(contentsOf sourceURL: URL) throws -> BlobReference {
        try checkOpen()
        let source = try FileDescriptor.openForReading(sourceURL.path)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var hasher = SHA256()
        var size = 0
        while true {
            let got = try chunk.withUnsafeMutableBytes { try source.read(into: $0, at: Int64(size)) }
            if got == 0 { break }
            chunk.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[0..<got])) }
            size += got
            guard size <= limits.maxBlobBytes else {
                throw BundleError(
                    .limitExceeded, "\(sourceURL.path) is over the blob limit of \(limits.maxBlobBytes) bytes",
                    path: url.path)
            }
        }
        let digest = Array(hasher.finalize())
        let hex = hexDigest(digest)
        let reference = BlobReference(sha256: hex, size: size)
        if index.blobs[hex] != nil { return reference }

        // Second pass: header placeholder, digest, deflated content; then the real header with pwrite.
        try settle()
        let frameOffset = offset
        try append([UInt8](repeating: 0, count: FrameHeader.size))
        try append(digest)
        var payloadCRC = CRC32.checksum(digest)
        var storedLength = digest.count
        var secondHasher = SHA256()
        var position = 0
        let deflater = try Deflater()
        do {
            while true {
                let got = try chunk.withUnsafeMutableBytes { try source.read(into: $0, at: Int64(position)) }
                let finish = got == 0 || position + got >= size
                let input = min(got, size - position)
                try chunk.withUnsafeBytes { buffer in
                    let slice = UnsafeRawBufferPointer(rebasing: buffer[0..<input])
                    secondHasher.update(bufferPointer: slice)
                    try deflater.feed(slice, finish: finish) { compressed in
                        payloadCRC = CRC32.update(payloadCRC, compressed)
                        storedLength += compressed.count
                        try file.writeAll(compressed)
                        offset += Int64(compressed.count)
                    }
                }
                position += input
                if finish { break }
            }
            guard position == size, Array(secondHasher.finalize()) == digest else {
                throw BundleError(.sourceChanged, "\(sourceURL.path) changed while it was being stored", path: url.path)
            }
        } catch {
            try file.truncate(at: frameOffset)
            offset = frameOffset
            throw error
        }
        var header = FrameHeader(
            type: .blob, compressed: true, storedLength: UInt32(storedLength), uncompressedLength: UInt32(size))
        header.checksum = header.checksum(payloadCRC: payloadCRC, payloadLength: storedLength)
        try file.pwriteAll(header.encoded, at: frameOffset)
        index.blobs[hex] = BundleIndex.BlobEntry(digest: digest, offset: frameOffset, size: UInt64(size))
        return reference
    }
}
