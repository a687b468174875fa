import Foundation
import ResultModel

/// What a history keeps of one run: its facts, and a status and a duration per test of the history's table.
public struct HistoryRun: Sendable, Codable, Hashable {
    /// The run's facts, stored as the run frame's first line (JSON).
    public struct Facts: Sendable, Codable, Hashable {
        public var name: String?
        /// When the run started (seconds since 1970), when known.
        public var time: Double?
        public var commit: String?
        public var branch: String?
        public var tests: Int
        public var passed: Int
        public var failed: Int
        public var skipped: Int
        /// The sum of the tests' durations, in seconds.
        public var duration: Double
        /// The 95th percentile of the tests' durations, in seconds (format 1.1; computed when a 1.0 run is read).
        public var p95: Double?
        /// Of `tests`, those with parameterized cases, and their cases (absent from runs added by older versions).
        public var parameterized: Int?
        public var cases: Int?

        /// The run's tests as every command counts them (``ResultModel/TestCount``).
        public var count: TestCount { TestCount(tests: tests, parameterized: parameterized, cases: cases ?? 0) }

        public init(
            name: String? = nil, time: Double? = nil, commit: String? = nil, branch: String? = nil, tests: Int = 0,
            passed: Int = 0, failed: Int = 0, skipped: Int = 0, duration: Double = 0, p95: Double? = nil
        ) {
            self.p95 = p95
            self.name = name
            self.time = time
            self.commit = commit
            self.branch = branch
            self.tests = tests
            self.passed = passed
            self.failed = failed
            self.skipped = skipped
            self.duration = duration
        }
    }

    public var facts: Facts
    /// One per table entry (entries added after this run are absent from it).
    public var statuses: [HistoryStatus]
    /// Milliseconds + 1 per table entry; 0 when unknown or absent.
    public var durations: [UInt32]

    /// The duration of table entry `index`, in seconds.
    public func duration(at index: Int) -> Double? {
        guard index < durations.count, durations[index] > 0 else { return nil }
        return Double(durations[index] - 1) / 1000
    }

    /// The status of table entry `index`.
    public func status(at index: Int) -> HistoryStatus { index < statuses.count ? statuses[index] : .absent }

    /// The 95th percentile of `durations` (milliseconds + 1, 0 unknown), in seconds; nil when none is known.
    static func percentile95(_ durations: [UInt32]) -> Double? {
        var known = durations.filter { $0 > 0 }
        guard !known.isEmpty else { return nil }
        let rank = min(known.count - 1, Int(Double(known.count) * 0.95))
        known.sort()
        return Double(known[rank] - 1) / 1000
    }
}

/// A test's outcome in one run of a history.
public enum HistoryStatus: UInt8, Sendable, Codable {
    case absent = 0
    case passed = 1
    case failed = 2
    case skipped = 3
    /// Passed after a failed attempt (a retry).
    case passedOnRetry = 4
    /// Anything else (expected failure, unknown).
    case other = 5

    init(_ digest: TestDigest) { self.init(status: digest.status, isFlaky: digest.isFlaky) }

    init(status: TestStatus, isFlaky: Bool) {
        if isFlaky { self = .passedOnRetry; return }
        switch status {
        case .passed, .warning: self = .passed
        case .failed, .crashed, .timedOut, .interrupted: self = .failed
        case .skipped: self = .skipped
        default: self = .other
        }
    }

    /// Whether this counts as passing (for flips).
    public var isPassing: Bool { self == .passed || self == .passedOnRetry }
    /// Whether this counts as failing.
    public var isFailing: Bool { self == .failed }
}

/// A history file's content: the table of test keys and the runs, oldest first.
public struct RunHistory: Sendable {
    /// Test keys (as ``ResultModel/TestDigest/key``), in the order first seen.
    public internal(set) var keys: [String] = []
    /// The runs, oldest first.
    public internal(set) var runs: [HistoryRun] = []
    /// How many bytes of the file are complete frames (a writer cuts anything after).
    var validLength = HistoryFormat.headerSize
    /// How many complete run frames the file holds (also when they were not decoded).
    public internal(set) var runCount = 0
    /// Where each complete frame is in the file (header included), by type, in file order: a writer that drops old
    /// runs copies the others as they are.
    var tableFrames: [Range<Int>] = []
    var runFrames: [Range<Int>] = []
    /// Position of each key in ``keys``.
    /// By the key's hash (`String.hashValue`, as ``ResultModel/TestDigest/keyHash``); keys whose hash another key
    /// already has are in ``collisions``.
    var positions: [Int: Int] = [:]
    var collisions: [String: Int] = [:]

    public init() {}

    /// The table index of `key`.
    public func index(of key: String) -> Int? { index(of: key, hash: key.hashValue) }

    /// The table index of `key`, whose `hashValue` is `hash`.
    func index(of key: String, hash: Int) -> Int? {
        if let index = positions[hash], keys[index] == key { return index }
        return collisions.isEmpty ? nil : collisions[key]
    }

    /// Adds `key` (not in the table yet, its `hashValue` `hash`) at the table's end; returns its index.
    @discardableResult
    mutating func append(key: String, hash: Int) -> Int {
        let index = keys.count
        if positions[hash] == nil { positions[hash] = index } else { collisions[key] = index }
        keys.append(key)
        return index
    }

    /// Reads `url`; a file that does not exist is an empty history. A torn or damaged tail is ignored: every run
    /// before it is read. Only the newest `decodingNewest` runs get their statuses and durations (what the
    /// analysis of a window needs); older ones keep their facts, so a 100-run history of 100,000 tests stays small
    /// in memory.
    public static func read(_ url: URL, decodingNewest: Int = .max) throws -> RunHistory {
        try read(url, decodingRuns: true, newest: decodingNewest)
    }

    /// Reads `url`; with `decodingRuns` false the run frames are only checked and counted (a writer that appends
    /// needs the test table and where the complete frames end).
    /// `statusesOnly`: the decoded runs get their statuses but no durations (a writer finding unused keys).
    static func read(_ url: URL, decodingRuns: Bool, newest: Int = .max, statusesOnly: Bool = false) throws
        -> RunHistory
    {
        var history = RunHistory()
        guard FileManager.default.fileExists(atPath: url.path) else { return history }
        // Only a regular file: reading a named pipe would wait forever, and a folder is not a history.
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw HistoryError(.notAHistory, "not a regular file, so not a history file", file: url.path)
        }
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: url))
        } catch {
            throw HistoryError(.io, "cannot read the history: \(error.localizedDescription)", file: url.path)
        }
        guard bytes.count >= HistoryFormat.headerSize, Array(bytes[0..<8]) == HistoryFormat.magic else {
            throw HistoryError(.notAHistory, "not a history file (no RBHISTRY header)", file: url.path)
        }
        let major = bytes.littleEndian(UInt16.self, at: 8)
        let minor = bytes.littleEndian(UInt16.self, at: 10)
        guard major <= HistoryFormat.major else {
            throw HistoryError(
                .newerMajorVersion,
                "history format \(major).\(minor); this resultbundle reads format \(HistoryFormat.major).x — upgrade resultbundle",
                file: url.path)
        }
        // First the complete frames (header, length and checksum); then their content, knowing which runs are the
        // newest.
        var frames: [(type: UInt8, range: Range<Int>, length: Int)] = []
        var offset = HistoryFormat.headerSize
        while offset + HistoryFormat.frameHeaderSize <= bytes.count {
            let stored = Int(bytes.littleEndian(UInt32.self, at: offset + 4))
            let length = Int(bytes.littleEndian(UInt32.self, at: offset + 8))
            let start = offset + HistoryFormat.frameHeaderSize
            guard stored <= HistoryFormat.maxPayloadBytes, length <= HistoryFormat.maxPayloadBytes,
                start + stored <= bytes.count,
                HistoryFormat.crc(bytes[start..<(start + stored)]) == bytes.littleEndian(UInt32.self, at: offset + 12)
            else { break }
            frames.append((bytes[offset], offset..<(start + stored), length))
            offset = start + stored
        }
        let runFrameCount = frames.filter { $0.type == HistoryFormat.FrameType.run.rawValue }.count
        var runNumber = 0
        for frame in frames {
            let payloadStart = frame.range.lowerBound + HistoryFormat.frameHeaderSize
            if frame.type == HistoryFormat.FrameType.run.rawValue {
                defer { runNumber += 1 }
                if !decodingRuns {
                    history.runCount += 1
                    history.runFrames.append(frame.range)
                    history.validLength = frame.range.upperBound
                    continue
                }
                let stored = bytes[payloadStart..<frame.range.upperBound]
                let decoding = runNumber >= runFrameCount - newest
                if !decoding, let (facts, count) = RunHistory.factsOnly(stored), facts.p95 != nil {
                    // As a full decode would: a run covering more tests than the table holds ends the read.
                    guard count <= history.keys.count else { break }
                    history.runs.append(HistoryRun(facts: facts, statuses: [], durations: []))
                    history.runCount += 1
                } else {
                    guard let payload = HistoryFormat.inflate(stored, expected: frame.length),
                        history.applyRun(payload, decoding: decoding, durations: !statusesOnly)
                    else { break }
                }
                history.runFrames.append(frame.range)
            } else {
                guard
                    let payload = HistoryFormat.inflate(
                        bytes[payloadStart..<frame.range.upperBound], expected: frame.length),
                    history.apply(type: frame.type, payload: payload)
                else { break }
                if frame.type == HistoryFormat.FrameType.tests.rawValue { history.tableFrames.append(frame.range) }
            }
            history.validLength = frame.range.upperBound
        }
        return history
    }

    /// The facts of a run frame's stored payload and how many tests it covers, inflating only its first 4 KiB
    /// (nil when that does not hold them: the whole payload is decoded then).
    static func factsOnly(_ stored: ArraySlice<UInt8>) -> (facts: HistoryRun.Facts, count: Int)? {
        guard let prefix = HistoryFormat.inflatePrefix(stored, limit: 4096),
            let newline = prefix.firstIndex(of: 0x0A), newline + 5 <= prefix.count,
            let facts = try? JSONDecoder().decode(HistoryRun.Facts.self, from: Data(prefix[..<newline]))
        else { return nil }
        return (facts, Int(prefix.littleEndian(UInt32.self, at: newline + 1)))
    }

    /// Adds a frame's content; `false` when it does not make sense (then reading stops there).
    mutating func apply(type: UInt8, payload: [UInt8]) -> Bool {
        switch HistoryFormat.FrameType(rawValue: type) {
        case .tests:
            let lines = payload.split(separator: 0x0A, omittingEmptySubsequences: true)
            positions.reserveCapacity(keys.count + lines.count)
            keys.reserveCapacity(keys.count + lines.count)
            for line in lines {
                let key = String(decoding: line, as: UTF8.self)
                // A key already in the table (which a writer never repeats) keeps its place.
                let hash = key.hashValue
                if index(of: key, hash: hash) == nil { append(key: key, hash: hash) }
            }
            return true
        case .run:
            return applyRun(payload, decoding: true, durations: true)
        case nil:
            return true  // a frame type of a newer minor version: skipped
        }
    }

    /// Adds a run frame's content: its facts, and its statuses and durations when `decoding` (else only the facts,
    /// with the 95th percentile computed when a format 1.0 run lacks it). `false` when it does not make sense.
    mutating func applyRun(_ payload: [UInt8], decoding: Bool, durations keepsDurations: Bool = true) -> Bool {
        guard let newline = payload.firstIndex(of: 0x0A),
            var facts = try? JSONDecoder().decode(HistoryRun.Facts.self, from: Data(payload[..<newline]))
        else { return false }
        var cursor = newline + 1
        guard cursor + 4 <= payload.count else { return false }
        let count = Int(payload.littleEndian(UInt32.self, at: cursor))
        cursor += 4
        guard count <= keys.count, cursor + count <= payload.count else { return false }
        if !decoding && facts.p95 != nil {
            runs.append(HistoryRun(facts: facts, statuses: [], durations: []))
            runCount += 1
            return true
        }
        let statuses = payload[cursor..<(cursor + count)].map { HistoryStatus(rawValue: $0) ?? .other }
        cursor += count
        if decoding && !keepsDurations && facts.p95 != nil {
            runs.append(HistoryRun(facts: facts, statuses: statuses, durations: []))
            runCount += 1
            return true
        }
        var durations = [UInt32](repeating: 0, count: count)
        for index in 0..<count {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard cursor < payload.count, shift < 35 else { return false }
                let byte = payload[cursor]
                cursor += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            durations[index] = UInt32(clamping: value)
        }
        if facts.p95 == nil { facts.p95 = HistoryRun.percentile95(durations) }
        runs.append(
            decoding
                ? HistoryRun(facts: facts, statuses: statuses, durations: durations)
                : HistoryRun(facts: facts, statuses: [], durations: []))
        runCount += 1
        return true
    }

    /// The payload of a run frame for `run` (covering the first `run.statuses.count` keys).
    static func runPayload(_ run: HistoryRun) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var payload = [UInt8](try encoder.encode(run.facts))
        payload.append(0x0A)
        payload.appendLittleEndian(UInt32(run.statuses.count))
        payload += run.statuses.map(\.rawValue)
        for duration in run.durations { payload.appendVarint(UInt64(duration)) }
        return payload
    }
}
