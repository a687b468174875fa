import CZlib
import Foundation
import ResultSupport

/// What `history add` of a large run needs of the history file, read a frame at a time without holding the file:
/// where the complete frames end, how many keys the table holds and which frames hold them, and every run's facts
/// (for the duplicate check). Only a clean file of the current major version is taken this way; anything a whole
/// read would repair or look past (damage, a torn tail, a 1.x file, a run frame of format 1.0, keys frames that do
/// not follow one another) makes ``scan(_:)`` answer `nil`, and the addition reads the file whole as before.
struct HistoryFileScan {
    /// No history there yet (or only the start of a header): the first version is written whole.
    var isNewFile = false
    /// Where the last frame ends (the file's size).
    var validLength = HistoryFormat.headerSize
    /// How many keys the table holds.
    var tableCount = 0
    /// The keys frames, in file order.
    var keyFrames: [HistoryFrame] = []
    /// The facts of every run, oldest first.
    var runFacts: [HistoryRun.Facts] = []

    /// Scans the history at `url`; nil when it needs the whole read (see the type).
    static func scan(_ url: URL) throws -> HistoryFileScan? {
        guard let kind = PathEntry(following: url)?.kind else {
            if PathEntry(url)?.kind == .symlink {
                throw HistoryError(.refused, "a symlink to nothing, so not a history file", file: url.path)
            }
            return HistoryFileScan(isNewFile: true)
        }
        guard kind == .regularFile else {
            throw HistoryError(.notAHistory, "not a regular file, so not a history file", file: url.path)
        }
        let reader = try HistoryFrameReader(opening: url)
        defer { reader.close() }
        let size = try reader.size(url)
        guard size >= HistoryFormat.headerSize else { return nil }
        let header = try reader.bytes(at: 0, count: HistoryFormat.headerSize, url)
        guard Array(header[0..<8]) == HistoryFormat.magic,
            header.littleEndian(UInt16.self, at: 8) == HistoryFormat.major
        else { return nil }
        var scan = HistoryFileScan()
        var offset = HistoryFormat.headerSize
        while offset < size {
            guard let frame = try reader.checkedFrame(at: offset, fileSize: size, url) else { return nil }
            let stored = (frame.range.lowerBound + HistoryFormat.frameHeaderSize)..<frame.range.upperBound
            switch HistoryFormat.FrameType(rawValue: frame.type) {
            case .keys:
                // The frame's first position and count are its first bytes (a deflate block's code tables come
                // before them, so more than a few bytes are read).
                let start = try reader.bytes(at: stored.lowerBound, count: min(stored.count, 64 << 10), url)
                guard let prefix = HistoryFormat.inflatePrefix(start[...], limit: 20) else { return nil }
                var cursor = 0
                guard let first = prefix.readVarint(at: &cursor), let count = prefix.readVarint(at: &cursor),
                    first == UInt64(scan.tableCount), count <= UInt64(frame.length)
                else { return nil }
                scan.tableCount += Int(count)
                scan.keyFrames.append(frame)
            case .run:
                let start = try reader.bytes(at: stored.lowerBound, count: min(stored.count, 64 << 10), url)
                guard let (facts, count) = RunHistory.factsOnly(start[...]), facts.p95 != nil,
                    count <= scan.tableCount
                else { return nil }
                scan.runFacts.append(facts.cut())
            case .tests, nil:
                // A 1.x frame in a 2.x file, or a frame of a newer minor version: the whole read decides.
                return nil
            }
            offset = frame.range.upperBound
        }
        scan.validLength = offset
        return scan
    }
}

/// Reads frames of a history file by position, checking each one's checksum in pieces.
struct HistoryFrameReader {
    let file: POSIXFile

    init(_ file: POSIXFile) { self.file = file }

    /// A reader of the history at `url`, opened for reading (``close()`` it).
    init(opening url: URL) throws {
        do {
            file = try POSIXFile.open(url.path, O_RDONLY)
        } catch {
            throw HistoryError(.io, "cannot read the history: \(error.reason)", file: url.path, underlying: error)
        }
    }

    func close() { try? file.close() }

    func size(_ url: URL) throws -> Int {
        do {
            return Int(try file.status().st_size)
        } catch {
            throw HistoryError(.io, "cannot read the history's size", file: url.path, underlying: error)
        }
    }

    /// `count` bytes at `offset` (fewer at the end of the file).
    func bytes(at offset: Int, count: Int, _ url: URL) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        do {
            let read = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: Int64(offset)) }
            bytes.removeSubrange(read...)
        } catch {
            throw HistoryError(
                .io, "cannot read the history: \(systemReason(error))", file: url.path, underlying: error)
        }
        return bytes
    }

    /// The frame at `offset` when it lies within `fileSize` and its checksum holds; nil otherwise.
    func checkedFrame(at offset: Int, fileSize: Int, _ url: URL) throws -> HistoryFrame? {
        guard offset + HistoryFormat.frameHeaderSize <= fileSize else { return nil }
        let header = try bytes(at: offset, count: HistoryFormat.frameHeaderSize, url)
        let stored = Int(header.littleEndian(UInt32.self, at: 4))
        let length = Int(header.littleEndian(UInt32.self, at: 8))
        let start = offset + HistoryFormat.frameHeaderSize
        guard stored <= HistoryFormat.maxPayloadBytes, length <= HistoryFormat.maxPayloadBytes,
            stored <= fileSize - start
        else { return nil }
        var crc = header.prefix(12).withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        var position = start
        while position < start + stored {
            let piece = try bytes(at: position, count: min(1 << 20, start + stored - position), url)
            guard !piece.isEmpty else { return nil }
            crc = piece.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
            position += piece.count
        }
        guard UInt32(crc) == header.littleEndian(UInt32.self, at: 12) else { return nil }
        return HistoryFrame(type: header[0], range: offset..<(start + stored), length: length)
    }

    /// The payload of `frame`, inflated.
    func payload(of frame: HistoryFrame, _ url: URL) throws -> [UInt8]? {
        let stored = try bytes(at: frame.payloadRange.lowerBound, count: frame.payloadRange.count, url)
        return HistoryFormat.inflate(stored[...], expected: frame.length)
    }
}
