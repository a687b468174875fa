import Foundation

/// Where the pieces of a large index are inside its frame (format 1.6), so that a reader inflates only what it
/// needs: the head (header and record batches) and the tail (blobs and runs) at open, one piece of the test table
/// per lookup.
///
/// The index frame's zlib stream is then made of parts, each raw deflate data that starts on a byte boundary and
/// refers to nothing before it (every part but the last ends with a sync flush), so a part inflates on its own.
/// The directory is a frame of its own type (`D`), uncompressed, written just before the index frame; its payload
/// ends with its own offset and a magic, so a reader finds it from the index's offset. Readers before 1.6 skip it
/// as a frame of an unknown type and inflate the index whole, as ever. Layout in `docs/FORMAT.md`.
struct IndexDirectory: Equatable {
    /// One independently inflatable part of the index payload.
    struct Part: Equatable {
        /// Where the part's bytes start in the uncompressed index payload.
        var uncompressedStart: Int64
        /// How many uncompressed bytes the part inflates to.
        var uncompressedLength: UInt32
        /// Where the part's deflate data starts in the index frame's stored payload.
        var storedStart: Int64
        /// How many stored bytes the part takes.
        var storedLength: UInt32
        /// The CRC-32 of the part's stored bytes, checked by a reader that reads only this part.
        var checksum: UInt32
        /// The hash of the part's first test entry (parts of the test table); 0 for the other parts.
        var firstHash: UInt32

        var uncompressedRange: Range<Int64> { uncompressedStart..<(uncompressedStart + Int64(uncompressedLength)) }
    }

    static let magic: [UInt8] = Array("RBID".utf8)
    static let footerMagic: [UInt8] = Array("RBIXDIR\n".utf8)
    static let layoutVersion: UInt32 = 1
    static let headerSize = 24
    static let partSize = 32
    static let footerSize = 16
    /// The largest directory a reader accepts: 16 MiB, half a million parts (an index of the large-index limit
    /// needs about 1,400 parts of the writer's size).
    static let maxPayloadBytes = 16 << 20

    /// The offset of the index frame the directory describes (the frame right after the directory's).
    var indexOffset: Int64
    var parts: [Part]

    /// The payload's size for `partCount` parts.
    static func payloadSize(partCount: Int) -> Int { headerSize + partCount * partSize + footerSize }

    /// The payload of a directory frame written at `frameOffset`.
    func encode(frameOffset: Int64) -> [UInt8] {
        var bytes = Self.magic
        bytes.reserveCapacity(Self.payloadSize(partCount: parts.count))
        bytes.appendLittleEndian(Self.layoutVersion)
        bytes.appendLittleEndian(UInt64(indexOffset))
        bytes.appendLittleEndian(UInt32(parts.count))
        bytes.appendLittleEndian(UInt32(0))
        for part in parts {
            bytes.appendLittleEndian(UInt64(part.uncompressedStart))
            bytes.appendLittleEndian(UInt64(part.storedStart))
            bytes.appendLittleEndian(part.uncompressedLength)
            bytes.appendLittleEndian(part.storedLength)
            bytes.appendLittleEndian(part.checksum)
            bytes.appendLittleEndian(part.firstHash)
        }
        bytes.appendLittleEndian(UInt64(frameOffset))
        bytes.append(contentsOf: Self.footerMagic)
        return bytes
    }

    /// Parses a directory payload, checking that its parts cover an index payload of `payloadSize` bytes in order
    /// and lie inside a stored payload of `storedSize` bytes.
    static func decode(_ bytes: [UInt8], payloadSize: Int, storedSize: Int) throws -> IndexDirectory {
        func damaged(_ why: String) -> BundleError { BundleError(.damaged, "index directory is damaged: \(why)") }
        guard bytes.count >= headerSize + footerSize, Array(bytes[0..<4]) == magic else {
            throw damaged("bad magic")
        }
        let version = bytes.readLittleEndian(UInt32.self, at: 4)
        guard version == layoutVersion else { throw damaged("unknown layout \(version)") }
        let partCount = Int(bytes.readLittleEndian(UInt32.self, at: 16))
        guard bytes.count == Self.payloadSize(partCount: partCount) else {
            throw damaged("\(partCount) parts do not fill \(bytes.count) bytes")
        }
        var directory = IndexDirectory(
            indexOffset: Int64(bitPattern: bytes.readLittleEndian(UInt64.self, at: 8)), parts: [])
        directory.parts.reserveCapacity(partCount)
        var position = headerSize
        var expectedStart: Int64 = 0
        for _ in 0..<partCount {
            let part = Part(
                uncompressedStart: Int64(bitPattern: bytes.readLittleEndian(UInt64.self, at: position)),
                uncompressedLength: bytes.readLittleEndian(UInt32.self, at: position + 16),
                storedStart: Int64(bitPattern: bytes.readLittleEndian(UInt64.self, at: position + 8)),
                storedLength: bytes.readLittleEndian(UInt32.self, at: position + 20),
                checksum: bytes.readLittleEndian(UInt32.self, at: position + 24),
                firstHash: bytes.readLittleEndian(UInt32.self, at: position + 28))
            guard part.uncompressedStart == expectedStart else {
                throw damaged("a part starts at byte \(part.uncompressedStart), not \(expectedStart)")
            }
            guard part.storedStart >= 0, part.storedStart + Int64(part.storedLength) <= Int64(storedSize) else {
                throw damaged("a part lies outside the index frame")
            }
            expectedStart = part.uncompressedRange.upperBound
            directory.parts.append(part)
            position += partSize
        }
        guard expectedStart == Int64(payloadSize) else {
            throw damaged("the parts cover \(expectedStart) bytes of an index of \(payloadSize)")
        }
        return directory
    }

    /// The directory frame's offset, from the footer that ends just before the index frame at `indexOffset`.
    static func frameOffset(fromFooter footer: [UInt8]) -> Int64? {
        guard footer.count == footerSize, Array(footer[8..<16]) == footerMagic else { return nil }
        return Int64(bitPattern: footer.readLittleEndian(UInt64.self, at: 0))
    }

    /// The parts that may hold entries with `hash`: from the last part starting below it (an equal run of hashes
    /// may begin in the part before) through the last starting at or below it, among the parts in `testParts`.
    static func candidates(forHash hash: UInt32, in testParts: [Part]) -> ArraySlice<Part> {
        let starting = BundleIndex.equalRange(of: hash, in: testParts, by: \.firstHash)
        return testParts[max(0, starting.lowerBound - 1)..<starting.upperBound]
    }
}
