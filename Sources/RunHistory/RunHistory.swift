import Foundation
import ResultModel
import RunComparison

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

        public init(
            name: String? = nil, time: Double? = nil, commit: String? = nil, branch: String? = nil, tests: Int = 0,
            passed: Int = 0, failed: Int = 0, skipped: Int = 0, duration: Double = 0
        ) {
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

    init(_ digest: TestDigest) {
        if digest.isFlaky { self = .passedOnRetry; return }
        switch digest.status {
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
    /// Test keys (as ``RunComparison/TestDigest/key``), in the order first seen.
    public internal(set) var keys: [String] = []
    /// The runs, oldest first.
    public internal(set) var runs: [HistoryRun] = []
    /// How many bytes of the file are complete frames (a writer cuts anything after).
    var validLength = HistoryFormat.headerSize
    /// How many complete run frames the file holds (also when they were not decoded).
    public internal(set) var runCount = 0
    /// Position of each key in ``keys``.
    var positions: [String: Int] = [:]

    public init() {}

    /// The table index of `key`.
    public func index(of key: String) -> Int? { positions[key] }

    /// Reads `url`; a file that does not exist is an empty history. A torn or damaged tail is ignored: every run
    /// before it is read.
    public static func read(_ url: URL) throws -> RunHistory { try read(url, decodingRuns: true) }

    /// Reads `url`, decoding the runs' statuses and durations only when `decodingRuns` (a writer that appends
    /// needs the test table and where the complete frames end, not the runs: their checksums are still checked).
    static func read(_ url: URL, decodingRuns: Bool) throws -> RunHistory {
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
        var offset = HistoryFormat.headerSize
        while offset + HistoryFormat.frameHeaderSize <= bytes.count {
            let type = bytes[offset]
            let stored = Int(bytes.littleEndian(UInt32.self, at: offset + 4))
            let length = Int(bytes.littleEndian(UInt32.self, at: offset + 8))
            let checksum = bytes.littleEndian(UInt32.self, at: offset + 12)
            let start = offset + HistoryFormat.frameHeaderSize
            guard stored <= HistoryFormat.maxPayloadBytes, length <= HistoryFormat.maxPayloadBytes,
                start + stored <= bytes.count
            else { break }
            let compressed = Array(bytes[start..<(start + stored)])
            guard HistoryFormat.crc(compressed) == checksum else { break }
            if type == HistoryFormat.FrameType.run.rawValue && !decodingRuns {
                history.runCount += 1
            } else {
                guard let payload = HistoryFormat.inflate(compressed[...], expected: length),
                    history.apply(type: type, payload: payload)
                else { break }
            }
            offset = start + stored
            history.validLength = offset
        }
        return history
    }

    /// Adds a frame's content; `false` when it does not make sense (then reading stops there).
    mutating func apply(type: UInt8, payload: [UInt8]) -> Bool {
        switch HistoryFormat.FrameType(rawValue: type) {
        case .tests:
            for line in payload.split(separator: 0x0A, omittingEmptySubsequences: false) where !line.isEmpty {
                let key = String(decoding: line, as: UTF8.self)
                guard positions[key] == nil else { continue }
                positions[key] = keys.count
                keys.append(key)
            }
            return true
        case .run:
            guard let newline = payload.firstIndex(of: 0x0A),
                let facts = try? JSONDecoder().decode(HistoryRun.Facts.self, from: Data(payload[..<newline]))
            else { return false }
            var cursor = newline + 1
            guard cursor + 4 <= payload.count else { return false }
            let count = Int(payload.littleEndian(UInt32.self, at: cursor))
            cursor += 4
            guard count <= keys.count, cursor + count <= payload.count else { return false }
            let statuses = payload[cursor..<(cursor + count)].map { HistoryStatus(rawValue: $0) ?? .other }
            cursor += count
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
            runs.append(HistoryRun(facts: facts, statuses: statuses, durations: durations))
            runCount += 1
            return true
        case nil:
            return true  // a frame type of a newer minor version: skipped
        }
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
