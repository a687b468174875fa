import ResultModel

/// The failed tests a test2json stream holds until its end, so that a rerun later in the stream (`gotestsum
/// --rerun-fails`) makes them earlier attempts; bounded: past ``maxCount`` tests or ``maxBytes`` of their text,
/// the oldest are handed back to be written at once (a rerun of one of those is then a test of its own).
struct HeldFailures<Key: Hashable> {
    static var maxCount: Int { 10_000 }
    static var maxBytes: Int { 64 << 20 }

    private var records: [Key: (record: TestRecord, bytes: Int)] = [:]
    /// Keys in the order they were first held; keys taken since are skipped.
    private var order: [Key] = []
    private var orderStart = 0
    private var bytes = 0

    /// Whether a record is held for `key`.
    func contains(_ key: Key) -> Bool { records[key] != nil }

    /// Removes and returns the record held for `key`.
    mutating func take(_ key: Key) -> TestRecord? {
        guard let held = records.removeValue(forKey: key) else { return nil }
        bytes -= held.bytes
        return held.record
    }

    /// Holds `record` for `key`; returns the oldest records that no longer fit, to be written now.
    mutating func hold(_ record: TestRecord, for key: Key) -> [TestRecord] {
        let size = Self.size(of: record)
        if let previous = records.updateValue((record, size), forKey: key) {
            bytes -= previous.bytes
        } else {
            order.append(key)
        }
        bytes += size
        var overflow: [TestRecord] = []
        while records.count > Self.maxCount || bytes > Self.maxBytes, orderStart < order.count {
            let oldest = order[orderStart]
            // The record just held stays, however large.
            if oldest == key { break }
            orderStart += 1
            if let record = take(oldest) { overflow.append(record) }
        }
        if orderStart > 1024 && orderStart * 2 > order.count {
            order.removeFirst(orderStart)
            orderStart = 0
        }
        return overflow
    }

    /// Every record still held, in the order first held.
    mutating func drain() -> [TestRecord] {
        var all: [TestRecord] = []
        for key in order[orderStart...] {
            if let record = take(key) { all.append(record) }
        }
        order = []
        orderStart = 0
        return all
    }

    private static func size(of record: TestRecord) -> Int {
        record.attempts.reduce(0) { total, attempt in
            total + attempt.issues.reduce(0) { $0 + $1.message.utf8.count + ($1.details?.utf8.count ?? 0) }
                + (attempt.output?.text?.utf8.count ?? 0)
        }
    }
}
