import ContentHashing
import Foundation
import ResultModel
import ResultSupport

/// `history add` of a run read as it streams from its bundle, in memory that does not grow with the run or the
/// history's table beyond 5 bytes a table entry (the new run's status and duration of each): the run's tests go
/// to a scratch file in the order read, their keys are placed against the table's keys partition by partition on
/// disk (``HistoryKeyPlacement``), and the new keys and the run frame are written as they are produced. The file
/// it writes is byte for byte the one the whole read writes (``HistoryWriter/add(_:facts:to:found:at:keep:)``),
/// except that more than `keysFrameBytes` of new keys are cut into several keys frames (a frame may hold 256 MiB,
/// which the whole read's one frame passes at about 5,000,000 new keys).
///
/// It takes a new history and an append to a clean history of this major version that stays within `keep`;
/// anything else (runs to drop, a 1.x file to upgrade, damage to look past, a key twice in the run or the table)
/// is left to the whole read.
enum HistoryStreamingAdd {
    /// How many keys a partition of the placement holds, about: 200,000 keys cost 30-60 MB while one is placed.
    static let standardPartitionEntries = 200_000
    /// The most bytes of keys a keys frame holds before the next one starts (a frame may hold 256 MiB; readers
    /// inflate one frame at a time).
    static let keysFrameBytes = 16 << 20

    /// Adds the run of `source` (about `estimatedTests` tests) to the history at `url`; nil when the whole read
    /// must do it (see the type). `makeFacts` turns the run's totals into its facts.
    static func add(
        _ source: any ResultSource, estimatedTests: Int, to url: URL, keep: Int, allowDuplicate: Bool,
        partitionEntries: Int = standardPartitionEntries, keysFrameBytes: Int = keysFrameBytes,
        makeFacts: (HistoryRunTotals) throws -> HistoryRun.Facts
    ) throws -> HistoryWriter.Outcome? {
        guard let scan = try HistoryFileScan.scan(url), scan.runFacts.count + 1 <= keep else { return nil }
        let records = try PartitionedSpill(partitions: 1, beside: url)
        var totals = HistoryRunTotals()
        var testCount = 0
        try RunDigest.readDigests(source) { batch in
            for test in batch {
                totals.add(test)
                try records.add(to: 0) { buffer in
                    RunIdentity.append(test, to: &buffer)
                    buffer.append(HistoryStatus(test).rawValue)
                    buffer.append(test.arguments == nil ? 1 : 0)
                    buffer.appendLittleEndian(HistoryRun.storedDuration(test.duration))
                }
                testCount += 1
            }
        }
        try records.flush()
        let table = try TableKeys(scan: scan, url: url)
        let placement: HistoryKeyPlacement
        do {
            placement = try HistoryKeyPlacement.place(
                testCount: testCount, tableCount: scan.tableCount, partitionEntries: partitionEntries, beside: url,
                forEachRunKey: { body in
                    var test = 0
                    try forEachRecord(records, url) { record in
                        try body(record.key, test)
                        test += 1
                    }
                }, forEachTableKey: table.forEach)
        } catch is HistoryKeyPlacement.NeedsWholeRead {
            return nil
        }
        let size = scan.tableCount + placement.newCount
        guard size <= HistoryLimits.maxKeys else {
            throw HistoryError(
                .tooLarge,
                "the history's test table would hold \(size) tests, more than the "
                    + "\(HistoryLimits.maxKeys) a history may hold; start a new history",
                file: url.path)
        }
        var run = try PlacedRun(size: size, tableCount: scan.tableCount, keysFrameBytes: keysFrameBytes, url: url)
        var identity = IncrementalSHA256()
        identity.update(RunIdentity.start(runs: source.runs, testCount: testCount))
        var places: [Int32] = []
        var test = 0
        var pending: [UInt8] = []
        try forEachRecord(records, url) { record in
            if test % placement.bucketSize == 0 {
                places = try placement.places(
                    inBucket: test / placement.bucketSize, count: min(placement.bucketSize, testCount - test))
            }
            pending += record.identity
            if pending.count >= 1 << 16 {
                identity.update(pending)
                pending.removeAll(keepingCapacity: true)
            }
            try run.place(record, at: Int(places[test % placement.bucketSize]))
            test += 1
        }
        identity.update(pending)
        totals.identity = identity.finalizeHex()
        var facts = try makeFacts(totals)
        if let identity = facts.identity, !allowDuplicate,
            let place = scan.runFacts.firstIndex(where: { $0.identity == identity })
        {
            throw HistoryWriter.duplicateRun(place: place, of: scan.runFacts.count, url)
        }
        facts = facts.cut()
        if facts.p95 == nil { facts.p95 = HistoryRun.percentile95(of: run.durations) }
        let bytes = try run.write(facts: facts, to: url, scan: scan)
        return HistoryWriter.Outcome(
            runs: scan.runFacts.count + 1, tests: totals.count, newTests: run.newTests, dropped: 0, bytes: bytes)
    }

    /// One test as the scratch file holds it: the bytes its run's identity covers (its key first), its status and
    /// duration as a history stores them, and whether it is a test rather than a case.
    struct Record {
        var identity: ArraySlice<UInt8>
        var key: ArraySlice<UInt8>
        var status: UInt8
        var isTest: Bool
        var duration: UInt32
    }

    /// Calls `body` with each record of `records`, in order.
    static func forEachRecord(_ records: PartitionedSpill, _ url: URL, _ body: (Record) throws -> Void) throws {
        try records.forEachChunk(of: 0) { bytes in
            var cursor = 0
            while cursor < bytes.count {
                let start = cursor
                guard let keyLength = bytes.readVarint(at: &cursor), keyLength <= UInt64(bytes.count - cursor) else {
                    throw HistoryError(.io, "a scratch file does not read back as written", file: url.path)
                }
                let key = bytes[cursor..<(cursor + Int(keyLength))]
                cursor += Int(keyLength)
                guard let statusLength = bytes.readVarint(at: &cursor),
                    statusLength <= UInt64(bytes.count - cursor)
                else { throw HistoryError(.io, "a scratch file does not read back as written", file: url.path) }
                cursor += Int(statusLength)
                guard bytes.readVarint(at: &cursor) != nil, cursor + 14 <= bytes.count else {
                    throw HistoryError(.io, "a scratch file does not read back as written", file: url.path)
                }
                cursor += 8
                let record = Record(
                    identity: bytes[start..<cursor], key: key, status: bytes[cursor], isTest: bytes[cursor + 1] == 1,
                    duration: bytes.littleEndian(UInt32.self, at: cursor + 2))
                cursor += 6
                try body(record)
            }
        }
    }
}

/// The keys of a history's table, read a keys frame at a time.
struct TableKeys {
    let scan: HistoryFileScan
    let url: URL

    init(scan: HistoryFileScan, url: URL) throws {
        self.scan = scan
        self.url = url
    }

    /// Calls `body` with each key's bytes and its table place, in table order.
    func forEach(_ body: (ArraySlice<UInt8>, Int) throws -> Void) throws {
        guard !scan.keyFrames.isEmpty else { return }
        let reader = try HistoryFrameReader(opening: url)
        defer { reader.close() }
        for frame in scan.keyFrames {
            guard let payload = try reader.payload(of: frame, url) else { throw HistoryKeyPlacement.NeedsWholeRead() }
            var cursor = 0
            guard let first = payload.readVarint(at: &cursor), let count = payload.readVarint(at: &cursor),
                count <= UInt64(payload.count)
            else { throw HistoryKeyPlacement.NeedsWholeRead() }
            for index in 0..<Int(count) {
                guard let length = payload.readVarint(at: &cursor), length <= UInt64(payload.count - cursor) else {
                    throw HistoryKeyPlacement.NeedsWholeRead()
                }
                try body(payload[cursor..<(cursor + Int(length))], Int(first) + index)
                cursor += Int(length)
            }
            guard cursor == payload.count else { throw HistoryKeyPlacement.NeedsWholeRead() }
        }
    }
}
