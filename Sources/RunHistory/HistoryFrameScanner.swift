/// A frame found whole in a history file: its type, where it is (header included) and its declared uncompressed
/// length.
struct HistoryFrame {
    var type: UInt8
    var range: Range<Int>
    var length: Int

    var payloadRange: Range<Int> { (range.lowerBound + HistoryFormat.frameHeaderSize)..<range.upperBound }
}

/// Something wrong in a history file that the readers looked past: a damaged frame skipped, a torn tail ignored.
public struct HistoryDamage: Sendable, Hashable, CustomStringConvertible {
    /// Where the damage starts in the file.
    public var byteOffset: Int
    /// What is wrong there and what the reader did.
    public var message: String

    /// `byte N: message`.
    public var description: String { "byte \(byteOffset): \(message)" }
}

/// The first pass of every reader and of `history add`: the complete frames of a history file, each with a valid
/// checksum. A frame that fails is skipped by looking for the next valid frame header after it (so one flipped bit
/// costs one frame, never the runs after it); bytes after the last valid frame that hold none are a torn tail.
enum HistoryFrameScanner {
    struct Scan {
        var frames: [HistoryFrame] = []
        var damage: [HistoryDamage] = []
        /// Where the last valid frame ends: a writer appends there, cutting a torn tail.
        var end = HistoryFormat.headerSize
    }

    static func scan(_ bytes: [UInt8], major: UInt16) -> Scan {
        var scan = Scan()
        var offset = HistoryFormat.headerSize
        // The checksum work the search for a next frame may still do (a file of frame headers stays linear).
        var budget = bytes.count * HistoryLimits.resynchronisationWorkPerByte + (1 << 20)
        while offset < bytes.count {
            if let frame = frame(in: bytes, at: offset, major: major, strict: false, budget: &budget) {
                scan.frames.append(frame)
                offset = frame.range.upperBound
                scan.end = offset
                continue
            }
            var next = offset + 1
            var found: HistoryFrame?
            while next + HistoryFormat.frameHeaderSize <= bytes.count, budget > 0 {
                if let frame = frame(in: bytes, at: next, major: major, strict: true, budget: &budget) {
                    found = frame
                    break
                }
                next += 1
            }
            guard let found else {
                scan.damage.append(
                    HistoryDamage(
                        byteOffset: offset,
                        message: "the last \(bytes.count - offset) bytes are not a complete frame (a torn or "
                            + "damaged end, left by a writer that was stopped?); ignored"))
                break
            }
            scan.damage.append(
                HistoryDamage(
                    byteOffset: offset,
                    message: "\(found.range.lowerBound - offset) bytes do not hold a frame with a valid checksum "
                        + "(damaged); skipped up to the next valid frame at byte \(found.range.lowerBound)"))
            offset = found.range.lowerBound
        }
        return scan
    }

    /// The frame at `offset` when its header is in bounds and its checksum holds. `strict` (looking for the next
    /// frame after damage): its reserved bytes must be 0 and its type one this version knows.
    private static func frame(
        in bytes: [UInt8], at offset: Int, major: UInt16, strict: Bool, budget: inout Int
    ) -> HistoryFrame? {
        guard offset + HistoryFormat.frameHeaderSize <= bytes.count else { return nil }
        if strict {
            guard HistoryFormat.FrameType(rawValue: bytes[offset]) != nil, bytes[offset + 1] == 0,
                bytes[offset + 2] == 0, bytes[offset + 3] == 0
            else { return nil }
        }
        let stored = Int(bytes.littleEndian(UInt32.self, at: offset + 4))
        let length = Int(bytes.littleEndian(UInt32.self, at: offset + 8))
        let start = offset + HistoryFormat.frameHeaderSize
        guard stored <= HistoryFormat.maxPayloadBytes, length <= HistoryFormat.maxPayloadBytes,
            stored <= bytes.count - start
        else { return nil }
        budget -= stored + HistoryFormat.frameHeaderSize
        let expected = bytes.littleEndian(UInt32.self, at: offset + 12)
        guard
            HistoryFormat.frameCRC(
                header: bytes[offset..<(offset + 12)], stored: bytes[start..<(start + stored)], major: major)
                == expected
        else { return nil }
        return HistoryFrame(type: bytes[offset], range: offset..<(start + stored), length: length)
    }
}
