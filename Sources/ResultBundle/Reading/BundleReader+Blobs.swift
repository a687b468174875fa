import Crypto
import Foundation
import ResultModel

extension BundleReader {
    /// Whether the bundle holds a blob with this SHA-256 (lowercase hex).
    public func containsBlob(sha256: String) -> Bool { index.blobs[sha256.lowercased()] != nil }

    /// The content of a blob, checked against its SHA-256.
    /// - Throws: ``BundleError`` when the blob is missing, damaged, or larger than
    ///   ``BundleLimits/maxInMemoryBlobBytes`` (use ``streamBlob(_:_:)`` or ``copyBlob(_:to:)`` then).
    public func blobData(_ reference: BlobReference) throws -> Data {
        var data = Data()
        let entry = try blobEntry(reference)
        guard entry.size <= UInt64(limits.maxInMemoryBlobBytes) else {
            throw BundleError(
                .limitExceeded,
                "blob \(reference.sha256) holds \(entry.size) bytes, over the in-memory limit of"
                    + " \(limits.maxInMemoryBlobBytes); stream it instead", path: url.path, byteOffset: entry.offset)
        }
        data.reserveCapacity(Int(entry.size))
        try streamBlob(reference) { data.append(contentsOf: $0) }
        return data
    }

    /// The first `headBytes` and the last `tailBytes` of a blob, streamed: only those are held, whatever the
    /// blob's size (up to ``BundleLimits/maxBlobBytes``).
    public func blobExcerpt(_ reference: BlobReference, headBytes: Int, tailBytes: Int) throws -> BlobExcerpt {
        var head = Data()
        var tail = Data()
        var total = 0
        try streamBlob(reference) { chunk in
            total += chunk.count
            var rest = UnsafeRawBufferPointer(rebasing: chunk[...])
            if head.count < headBytes {
                let taken = min(headBytes - head.count, rest.count)
                head.append(contentsOf: UnsafeRawBufferPointer(rebasing: rest[..<taken]))
                rest = UnsafeRawBufferPointer(rebasing: rest[taken...])
            }
            guard tailBytes > 0, !rest.isEmpty else { return }
            tail.append(contentsOf: rest.suffix(tailBytes))
            // Trimmed once it holds twice what is kept, so each byte is moved a bounded number of times.
            if tail.count > 2 * tailBytes { tail = Data(tail.suffix(tailBytes)) }
        }
        if tail.count > tailBytes { tail = Data(tail.suffix(tailBytes)) }
        // A blob that fits whole: the head is all of it.
        if head.count + tail.count == total && !tail.isEmpty {
            return BlobExcerpt(head: head + tail, tail: Data(), totalBytes: total)
        }
        return BlobExcerpt(head: head, tail: tail, totalBytes: total)
    }

    /// Calls `body` with the blob's content in chunks, then checks its SHA-256 and size.
    /// - Throws: after the last chunk when the content does not match its digest (discard what was received).
    public func streamBlob(_ reference: BlobReference, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let entry = try blobEntry(reference)
        do {
            try streamBlob(at: entry.offset, expectedDigest: entry.digest, body)
        } catch let problem as BundleError {
            throw problem.located(path: url.path, byteOffset: entry.offset)
        }
    }

    /// Writes the blob's content to a new file at `destination`, checked against its SHA-256; on failure the file
    /// is removed.
    public func copyBlob(_ reference: BlobReference, to destination: URL) throws {
        let output = try FileDescriptor.create(destination.path)
        do {
            try streamBlob(reference) { try output.writeAll($0) }
            try output.close()
        } catch {
            try? output.close()
            try? FileManager.default.removeItem(at: destination)
            throw error
        }
    }

    func blobEntry(_ reference: BlobReference) throws -> BundleIndex.BlobEntry {
        guard let entry = index.blobs[reference.sha256.lowercased()] else {
            throw BundleError(.missingBlob, "blob \(reference.sha256) is not in the bundle", path: url.path)
        }
        return entry
    }

    /// Streams the blob frame at `offset`: checks header, limits and frame checksum, inflates with the output
    /// bounded by the declared size, checks the SHA-256.
    func streamBlob(at offset: Int64, expectedDigest: [UInt8]?, _ body: (UnsafeRawBufferPointer) throws -> Void) throws
    {
        let header = try source.header(at: offset)
        guard header.type == .blob, header.storedLength >= 32 else {
            throw BundleError(.damaged, "no blob frame here (\(FrameType.describe(header.typeByte)))")
        }
        let payloadOffset = offset + Int64(FrameHeader.size)
        let digest = try source.file.read(count: 32, at: payloadOffset)
        if let expectedDigest, digest != expectedDigest {
            throw BundleError(
                .damaged, "the blob frame holds digest \(hexDigest(digest)), not \(hexDigest(expectedDigest))")
        }
        var crc = CRC32.checksum(digest)
        var hasher = SHA256()
        var produced = 0
        let declared = Int(header.uncompressedLength)
        func deliver(_ chunk: UnsafeRawBufferPointer) throws {
            produced += chunk.count
            guard produced <= declared else {
                throw BundleError(.corruptCompression, "blob inflates to more than its declared \(declared) bytes")
            }
            hasher.update(bufferPointer: chunk)
            try body(chunk)
        }
        let storedContent = Int(header.storedLength) - 32
        var finished = !header.isCompressed
        if header.isCompressed {
            let inflater = try Inflater()
            var output = [UInt8](repeating: 0, count: 256 << 10)
            try source.streamPayload(offset: payloadOffset + 32, length: storedContent) { chunk in
                crc = CRC32.update(crc, chunk)
                guard !finished else { return }
                var filled = 0
                let ended = try output.withUnsafeMutableBytes { out in
                    try inflater.feed(chunk) {
                        if filled == out.count {
                            try deliver(UnsafeRawBufferPointer(out))
                            filled = 0
                        }
                        return UnsafeMutableRawBufferPointer(rebasing: out[filled...])
                    } advance: {
                        filled += $0
                    }
                }
                if filled > 0 {
                    try output.withUnsafeBytes { try deliver(UnsafeRawBufferPointer(rebasing: $0[0..<filled])) }
                }
                finished = ended
            }
        } else {
            try source.streamPayload(offset: payloadOffset + 32, length: storedContent) { chunk in
                crc = CRC32.update(crc, chunk)
                try deliver(chunk)
            }
        }
        guard header.checksum(payloadCRC: crc, payloadLength: Int(header.storedLength)) == header.checksum else {
            throw BundleError(.damaged, "frame checksum mismatch (blob of \(header.storedLength) bytes)")
        }
        guard finished else { throw BundleError(.corruptCompression, "the blob's zlib stream is cut short") }
        guard produced == declared else {
            throw BundleError(.corruptCompression, "blob inflates to \(produced) bytes, not the declared \(declared)")
        }
        let actual = Array(hasher.finalize())
        guard actual == digest else {
            throw BundleError(
                .blobHashMismatch, "blob content hashes to \(hexDigest(actual)), not its digest \(hexDigest(digest))")
        }
    }
}
