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
        /// The digest of the run's identity (``RunIdentity``): a run whose digest the history already has is not
        /// added again (format 2.0).
        public var identity: String?
        /// Whether the run was made from a working tree with uncommitted changes (format 2.0; nil when unknown).
        public var dirty: Bool?
        /// The SHA-256 of those changes (format 2.0).
        public var diffHash: String?
        /// The run's code coverage totals (lines, functions and branches found and hit; format 2.1), when its
        /// bundle carried coverage.
        public var coverage: CoverageTotals?

        public init(
            name: String? = nil, time: Double? = nil, commit: String? = nil, branch: String? = nil, tests: Int = 0,
            passed: Int = 0, failed: Int = 0, skipped: Int = 0, duration: Double = 0, p95: Double? = nil,
            identity: String? = nil, dirty: Bool? = nil, diffHash: String? = nil
        ) {
            self.p95 = p95
            self.identity = identity
            self.dirty = dirty
            self.diffHash = diffHash
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

    /// A duration in seconds as a run frame stores it: milliseconds + 1, 0 when unknown.
    static func storedDuration(_ seconds: Double?) -> UInt32 {
        guard let seconds, seconds.isFinite, seconds >= 0 else { return 0 }
        return UInt32(min(Double(UInt32.max - 1), (seconds * 1000).rounded())) + 1
    }

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
    /// What the reader looked past: damaged frames skipped, a torn tail ignored (each worth a warning).
    public internal(set) var damage: [HistoryDamage] = []
    /// The file's major version (a writer upgrades a 1.x file before it appends).
    var major = HistoryFormat.major
    /// Table entries whose key was in a damaged frame: kept as placeholders so later runs keep their places,
    /// never matched by a test.
    var unreadableKeys: Set<Int> = []
    /// For `history add`: no history file was there (or only the start of a header), so the first version is
    /// written whole.
    var isNewFile = false
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

    /// The payload of a run frame for `run` (covering the first `run.statuses.count` keys).
    static func runPayload(_ run: HistoryRun) throws -> [UInt8] {
        var payload = try factsLine(run.facts)
        payload.appendLittleEndian(UInt32(run.statuses.count))
        payload += run.statuses.map(\.rawValue)
        for duration in run.durations { payload.appendVarint(UInt64(duration)) }
        return payload
    }

    /// The first line of a run frame's payload: the run's facts as JSON, and a line feed.
    static func factsLine(_ facts: HistoryRun.Facts) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(facts)) + [0x0A]
    }
}
