import Foundation

/// Reads and checks frames of an open bundle file: headers, payloads, checksums and limits.
struct FrameSource {
    let file: FileDescriptor
    let path: String
    let limits: BundleLimits
    let size: Int64

    /// A frame whose header and checksum were checked.
    struct CheckedFrame {
        var offset: Int64
        var header: FrameHeader
        /// The payload, for frames other than blobs (bounded by the limits); `nil` for blobs.
        var payload: [UInt8]?
        var end: Int64 { offset + header.frameSize }
    }

    func error(_ code: BundleError.Code, _ message: String, at offset: Int64) -> BundleError {
        BundleError(code, message, path: path, byteOffset: offset)
    }

    /// Reads and parses the header at `offset`, checking magic, limits and that the frame fits in the file.
    func header(at offset: Int64) throws -> FrameHeader {
        guard size - offset >= Int64(FrameHeader.size) else {
            throw error(
                .truncated, "the file ends inside a frame header (\(size - offset) of \(FrameHeader.size) bytes)",
                at: offset)
        }
        let bytes = try file.read(count: FrameHeader.size, at: offset)
        guard let header = FrameHeader(bytes) else {
            throw error(.damaged, "no frame starts here (bad frame magic)", at: offset)
        }
        if let problem = header.checkLimits(limits) {
            throw error(.limitExceeded, problem, at: offset)
        }
        if offset + header.frameSize > size {
            throw error(
                .truncated,
                "the file ends inside a \(FrameType.describe(header.typeByte)) of \(header.storedLength) bytes"
                    + " (\(size - offset - Int64(FrameHeader.size)) present)", at: offset)
        }
        return header
    }

    /// Reads the header and payload at `offset` and checks the checksum. Blob payloads are checked by streaming
    /// and not returned unless `loadBlobs`.
    func checkedFrame(at offset: Int64, loadBlobs: Bool = false) throws -> CheckedFrame {
        let header = try header(at: offset)
        let payloadOffset = offset + Int64(FrameHeader.size)
        let length = Int(header.storedLength)
        var payload: [UInt8]?
        let crc: UInt32
        if header.type == .blob && !loadBlobs || header.type == nil {
            var running: UInt32 = 0
            try streamPayload(offset: payloadOffset, length: length) { running = CRC32.update(running, $0) }
            crc = running
        } else {
            let bytes = try file.read(count: length, at: payloadOffset)
            guard bytes.count == length else {
                throw error(.truncated, "the file ends inside a \(FrameType.describe(header.typeByte))", at: offset)
            }
            crc = CRC32.checksum(bytes)
            payload = bytes
        }
        guard header.checksum(payloadCRC: crc, payloadLength: length) == header.checksum else {
            throw error(
                .damaged, "frame checksum mismatch (\(FrameType.describe(header.typeByte)) of \(length) bytes)",
                at: offset)
        }
        return CheckedFrame(offset: offset, header: header, payload: payload)
    }

    /// Calls `body` with consecutive chunks (at most 1 MiB) of the bytes at `offset ..< offset + length`.
    func streamPayload(offset: Int64, length: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var chunk = [UInt8](repeating: 0, count: min(length, 1 << 20))
        var done = 0
        while done < length {
            let want = min(chunk.count, length - done)
            let got = try chunk.withUnsafeMutableBytes {
                try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<want]), at: offset + Int64(done))
            }
            guard got == want else { throw error(.truncated, "the file ends inside a frame", at: offset + Int64(done)) }
            try chunk.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<got])) }
            done += got
        }
    }

    /// The uncompressed payload of a checked non-blob frame.
    func uncompressedPayload(_ frame: CheckedFrame) throws -> [UInt8] {
        guard let payload = frame.payload else { return [] }
        guard frame.header.isCompressed else {
            guard payload.count == Int(frame.header.uncompressedLength) else {
                throw error(
                    .damaged,
                    "stored frame declares \(frame.header.uncompressedLength) bytes but holds \(payload.count)",
                    at: frame.offset)
            }
            return payload
        }
        do {
            return try payload.withUnsafeBytes {
                try Compression.inflate($0, expected: Int(frame.header.uncompressedLength))
            }
        } catch let failure as BundleError {
            throw failure.located(path: path, byteOffset: frame.offset)
        }
    }

    /// Finds the next offset after `start` where a complete frame with a valid checksum begins.
    ///
    /// `budget` bounds the payload bytes spent checking candidates over a whole scan, so a hostile file full of
    /// fake frame headers cannot make the search quadratic; when it runs out, the search gives up (`nil`).
    func resynchronize(after start: Int64, budget: inout Int64) throws -> Int64? {
        var position = start + 1
        let chunkSize = 1 << 20
        let magic = FrameHeader.magic
        while position <= size - Int64(FrameHeader.size) {
            let bytes = try file.read(count: min(chunkSize + 3, Int(size - position)), at: position)
            if bytes.count < 4 { return nil }
            var index = 0
            while index <= bytes.count - 4 {
                if bytes[index] == magic[0] && bytes[index + 1] == magic[1] && bytes[index + 2] == magic[2]
                    && bytes[index + 3] == magic[3]
                {
                    let candidate = position + Int64(index)
                    if let header = try? header(at: candidate) {
                        budget -= Int64(header.storedLength)
                        if budget < 0 { return nil }
                        if (try? checkedFrame(at: candidate)) != nil { return candidate }
                    }
                }
                index += 1
            }
            position += Int64(chunkSize)
        }
        return nil
    }
}
