import Foundation
import ResultSupport

/// The run `history add` streams, placed in the table: its status and duration at each table place, and the keys
/// new to the table in the order the run has them (on disk, cut into keys frames of at most `keysFrameBytes` of
/// keys). Writes the frames that add it to the history.
struct PlacedRun {
    var statuses: [UInt8]
    var durations: [UInt32]
    /// Of the new keys, those of tests rather than cases.
    var newTests = 0
    private let tableCount: Int
    private var newCount = 0
    private let newKeys: PartitionedSpill
    /// How many new keys each keys frame holds, and the bytes of the keys frame being filled.
    private var frameCounts: [Int] = []
    private var frameBytes = 0
    private let url: URL

    private let keysFrameBytes: Int

    init(size: Int, tableCount: Int, keysFrameBytes: Int, url: URL) throws {
        self.keysFrameBytes = keysFrameBytes
        statuses = [UInt8](repeating: HistoryStatus.absent.rawValue, count: size)
        durations = [UInt32](repeating: 0, count: size)
        self.tableCount = tableCount
        self.url = url
        newKeys = try PartitionedSpill(partitions: 1, beside: url)
    }

    /// Places `record` at table place `place`, or at the table's end when `place` is -1 (a key new to the table).
    mutating func place(_ record: HistoryStreamingAdd.Record, at place: Int) throws {
        var place = place
        if place < 0 {
            place = tableCount + newCount
            newCount += 1
            if record.isTest { newTests += 1 }
            try newKeys.add(to: 0) { buffer in
                buffer.appendVarint(UInt64(record.key.count))
                buffer.append(contentsOf: record.key)
            }
            let entry = varintSize(record.key.count) + record.key.count
            if frameCounts.isEmpty || frameBytes + entry > keysFrameBytes {
                frameCounts.append(0)
                frameBytes = 0
            }
            frameCounts[frameCounts.count - 1] += 1
            frameBytes += entry
        }
        statuses[place] = record.status
        durations[place] = record.duration
    }

    /// Writes the new keys and the run with `facts` to the history `scan` found at `url` (appended after its last
    /// frame, or as a new file renamed over `url`), checks what was written, and returns the file's size.
    func write(facts: HistoryRun.Facts, to url: URL, scan: HistoryFileScan) throws -> Int {
        try newKeys.flush()
        let path = scan.isNewFile ? PartialName.partial(of: url).path : url.path
        let file: POSIXFile
        do {
            file = try POSIXFile.open(path, scan.isNewFile ? O_RDWR | O_CREAT | O_TRUNC : O_RDWR)
        } catch {
            throw HistoryError(.io, "cannot open the history: \(error.reason)", file: url.path, underlying: error)
        }
        defer { try? file.close() }
        let start = scan.isNewFile ? 0 : scan.validLength
        var frames: [UInt8] = []
        do {
            try file.truncate(at: Int64(start))
            var offset = start
            if scan.isNewFile {
                let header = HistoryFormat.header()
                try header.withUnsafeBytes { try file.write($0, at: 0) }
                offset = header.count
            }
            // A new history has a keys frame even when the run has no tests.
            let counts = frameCounts.isEmpty && scan.isNewFile ? [0] : frameCounts
            var first = tableCount
            var frame: HistoryFrameStream?
            var index = 0
            var left = 0
            func startFrame() throws {
                frame = try HistoryFrameStream(.keys, in: file, at: offset, url: url)
                var head: [UInt8] = []
                head.appendVarint(UInt64(first))
                head.appendVarint(UInt64(counts[index]))
                try frame!.write(head)
                left = counts[index]
                first += counts[index]
                frames.append(HistoryFormat.FrameType.keys.rawValue)
            }
            if !counts.isEmpty { try startFrame() }
            try newKeys.forEachChunk(of: 0) { chunk in
                var cursor = 0
                var piece = 0
                while cursor < chunk.count {
                    if left == 0 {
                        try frame!.write(Array(chunk[piece..<cursor]))
                        piece = cursor
                        offset = try frame!.finish()
                        index += 1
                        try startFrame()
                    }
                    let length = chunk.readVarint(at: &cursor)!
                    cursor += Int(length)
                    left -= 1
                }
                try frame!.write(Array(chunk[piece..<cursor]))
            }
            if let frame { offset = try frame.finish() }
            let run = try HistoryFrameStream(.run, in: file, at: offset, url: url)
            try run.write(try RunHistory.factsLine(facts))
            var count: [UInt8] = []
            count.appendLittleEndian(UInt32(statuses.count))
            try run.write(count)
            for slice in stride(from: 0, to: statuses.count, by: 1 << 20) {
                try run.write(Array(statuses[slice..<min(statuses.count, slice + (1 << 20))]))
            }
            var varints: [UInt8] = []
            for duration in durations {
                varints.appendVarint(UInt64(duration))
                if varints.count >= 1 << 20 {
                    try run.write(varints)
                    varints.removeAll(keepingCapacity: true)
                }
            }
            try run.write(varints)
            offset = try run.finish()
            frames.append(HistoryFormat.FrameType.run.rawValue)
            try file.sync()
            try check(file, from: start, to: offset, frames: frames)
            if scan.isNewFile { try POSIXFile.rename(path, url.path) }
            return offset
        } catch {
            if scan.isNewFile {
                POSIXFile.remove(path)
            } else {
                try? file.truncate(at: Int64(start))
                try? file.sync()
            }
            if let error = error as? HistoryError { throw error }
            let reason = (error as? SystemCallError)?.reason ?? "\(error)"
            throw HistoryError(.io, "cannot write the history: \(reason)", file: url.path, underlying: error)
        }
    }

    /// Reads back what was written from `start` to `end`: frames of the types `frames` whose checksums hold, ending
    /// where the file ends. When they do not, the addition fails (and what was written is taken back).
    private func check(_ file: POSIXFile, from start: Int, to end: Int, frames: [UInt8]) throws {
        let reader = HistoryFrameReader(file)
        var offset = start == 0 ? HistoryFormat.headerSize : start
        var found: [UInt8] = []
        let size = try reader.size(url)
        while offset < size, let frame = try reader.checkedFrame(at: offset, fileSize: size, url) {
            found.append(frame.type)
            offset = frame.range.upperBound
        }
        guard found == frames, offset == end, size == end else {
            throw HistoryError(
                .io, "what was written does not read back (the appended frames do not check); the run was not added",
                file: url.path, byteOffset: Int64(start))
        }
    }

    private func varintSize(_ value: Int) -> Int {
        var size = 1
        var rest = value >> 7
        while rest > 0 {
            size += 1
            rest >>= 7
        }
        return size
    }
}
