import CZlib
import Foundation

/// The kinds of frames. Unknown types are skipped by readers (a newer minor version may add some).
enum FrameType: UInt8, CustomStringConvertible {
    /// A batch of records: zlib-compressed JSON Lines.
    case recordBatch = 0x52  // "R"
    /// One blob: 32-byte SHA-256, then the zlib-compressed content.
    case blob = 0x42  // "B"
    /// The index written at close.
    case index = 0x49  // "I"
    /// The same index in a frame of its own type, written when it is over the index limit (format 1.2, bundles of
    /// more than about five million tests). A 1.0 or 1.1 reader does not take it for an index, so it rebuilds
    /// the index by a scan, as it did for such bundles before.
    case largeIndex = 0x58  // "X"
    /// The fixed-size trailer at the end of a closed bundle, pointing at the index.
    case trailer = 0x54  // "T"
    /// Part of a run's code coverage (format 1.6): a table of source files with their totals, then each file's
    /// lines, branches, functions and regions (docs/FORMAT.md, "Coverage").
    case coverage = 0x43  // "C"
    /// Where the independently inflatable parts of the index frame that follows it are (format 1.6, written when
    /// the test table was too large to sort in memory). Older readers skip it as a frame of an unknown type.
    case indexDirectory = 0x44  // "D"
    /// The places of a run's failed, skipped, flaky and badly measured tests (format 1.7), so that bounded outputs
    /// read those tests alone. Older readers skip it as a frame of an unknown type.
    case testPositions = 0x50  // "P"
    /// Part of a run's per-suite totals (format 1.9), so that bounded outputs show suites without reading their
    /// tests. Older readers skip it as a frame of an unknown type.
    case suiteTotals = 0x53  // "S"

    var description: String {
        switch self {
        case .recordBatch: "record batch"
        case .blob: "blob"
        case .index: "index"
        case .largeIndex: "large index"
        case .trailer: "trailer"
        case .coverage: "coverage frame"
        case .indexDirectory: "index directory"
        case .testPositions: "test positions frame"
        case .suiteTotals: "suite totals frame"
        }
    }

    /// A description of any type byte, known or not.
    static func describe(_ raw: UInt8) -> String {
        FrameType(rawValue: raw)?.description ?? "frame of unknown type 0x\(String(raw, radix: 16))"
    }
}

/// The 20-byte header in front of every frame's payload.
///
/// Layout (little-endian): magic `D7 52 42 46`, type, flags, reserved UInt16, stored payload length UInt32,
/// uncompressed length UInt32, CRC-32 of the header's first 16 bytes followed by the payload.
struct FrameHeader: Equatable {
    /// `\xD7RBF`, found again by a scanner that resynchronises after damage.
    static let magic: [UInt8] = [0xD7, 0x52, 0x42, 0x46]
    /// Size of the header in bytes.
    static let size = 20
    /// Flag bit: the payload (after a blob's digest) is a zlib stream.
    static let compressedFlag: UInt8 = 1

    var typeByte: UInt8
    var flags: UInt8
    /// Reserved bytes 6-7 as read (0 when written), kept so the checksum covers the bytes actually stored.
    var reserved: UInt16 = 0
    var storedLength: UInt32
    var uncompressedLength: UInt32
    var checksum: UInt32

    var type: FrameType? { FrameType(rawValue: typeByte) }
    var isCompressed: Bool { flags & Self.compressedFlag != 0 }
    /// Offset of the next frame relative to this frame's start.
    var frameSize: Int64 { Int64(Self.size) + Int64(storedLength) }

    init(type: FrameType, compressed: Bool, storedLength: UInt32, uncompressedLength: UInt32, checksum: UInt32 = 0) {
        self.typeByte = type.rawValue
        self.flags = compressed ? Self.compressedFlag : 0
        self.storedLength = storedLength
        self.uncompressedLength = uncompressedLength
        self.checksum = checksum
    }

    /// Parses a header, or returns `nil` when the magic is not there.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= Self.size, bytes[0] == Self.magic[0], bytes[1] == Self.magic[1],
            bytes[2] == Self.magic[2], bytes[3] == Self.magic[3]
        else { return nil }
        typeByte = bytes[4]
        flags = bytes[5]
        reserved = bytes.readLittleEndian(UInt16.self, at: 6)
        storedLength = bytes.readLittleEndian(UInt32.self, at: 8)
        uncompressedLength = bytes.readLittleEndian(UInt32.self, at: 12)
        checksum = bytes.readLittleEndian(UInt32.self, at: 16)
    }

    /// The first 16 bytes, which the checksum covers.
    var checkedBytes: [UInt8] {
        var bytes = Self.magic
        bytes.append(typeByte)
        bytes.append(flags)
        bytes.appendLittleEndian(reserved)
        bytes.appendLittleEndian(storedLength)
        bytes.appendLittleEndian(uncompressedLength)
        return bytes
    }

    /// All 20 bytes.
    var encoded: [UInt8] {
        var bytes = checkedBytes
        bytes.appendLittleEndian(checksum)
        return bytes
    }

    /// The checksum of the header's first 16 bytes followed by a payload whose own CRC-32 is `payloadCRC`.
    func checksum(payloadCRC: UInt32, payloadLength: Int) -> UInt32 {
        CRC32.combine(CRC32.checksum(checkedBytes), payloadCRC, length: payloadLength)
    }

    /// Checks the declared sizes against the limits, before anything is allocated.
    func checkLimits(_ limits: BundleLimits) -> String? {
        let stored = Int(storedLength)
        let uncompressed = Int(uncompressedLength)
        let maxUncompressed: Int
        switch type {
        case .recordBatch: maxUncompressed = limits.maxRecordBatchBytes
        case .blob: maxUncompressed = limits.maxBlobBytes
        case .index: maxUncompressed = limits.maxIndexBytes
        case .largeIndex: maxUncompressed = limits.maxLargeIndexBytes
        case .trailer: maxUncompressed = 64
        case .coverage, .testPositions, .suiteTotals: maxUncompressed = limits.maxRecordBatchBytes
        case .indexDirectory: maxUncompressed = IndexDirectory.maxPayloadBytes
        case nil: maxUncompressed = limits.maxUnknownFrameBytes
        }
        if uncompressed > maxUncompressed {
            return
                "\(FrameType.describe(typeByte)) declares \(uncompressed) bytes, over the limit of \(maxUncompressed)"
        }
        // Deflate may grow incompressible data slightly: allow 1/64 + 1 KiB, plus a blob's digest.
        let maxStored = maxUncompressed + maxUncompressed / 64 + 1024 + 32
        if stored > maxStored {
            return
                "\(FrameType.describe(typeByte)) declares a stored length of \(stored) bytes, over the limit of \(maxStored)"
        }
        if isCompressed, uncompressed > limits.ratioExemptBytes,
            uncompressed / max(stored, 1) > limits.maxCompressionRatio
        {
            return "\(FrameType.describe(typeByte)) declares \(uncompressed) bytes from \(stored) stored bytes,"
                + " over the decompression ratio limit of \(limits.maxCompressionRatio)"
        }
        return nil
    }
}

/// zlib's CRC-32 (the ISO-HDLC / PNG / gzip polynomial).
enum CRC32 {
    static func checksum(_ bytes: [UInt8], seed: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { update(seed, $0) }
    }

    static func update(_ crc: UInt32, _ buffer: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return crc }
        return UInt32(crc32_z(UInt(crc), base, Int(buffer.count)))
    }

    static func update(_ crc: UInt32, _ buffer: UnsafeRawBufferPointer) -> UInt32 {
        update(crc, buffer.bindMemory(to: UInt8.self))
    }

    /// The CRC of `A + B` from the CRCs of A and B and B's length.
    static func combine(_ first: UInt32, _ second: UInt32, length: Int) -> UInt32 {
        UInt32(crc32_combine(UInt(first), UInt(second), off_t(length)))
    }
}
