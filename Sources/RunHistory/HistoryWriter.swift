import Foundation
import ResultModel
import ResultSupport

/// Adds runs to a history file (`history add`), crash-safely and one writer at a time (``HistoryLock``): new
/// frames are appended after the last complete one (a torn tail left by a killed writer is cut first; a damaged
/// frame inside the file is left where it is) and synced, then read back. The file is written whole, under a
/// temporary name renamed over the old one, when it is new, when it is a format 1.x file (upgraded), or when it
/// would hold more than `keep` runs (keeping the newest). A run added from a ``ResultModel/ResultSource`` is streamed
/// into a new or clean history without holding the run or the table (``HistoryStreamingAdd``).
public enum HistoryWriter {
    /// What an addition did.
    public struct Outcome: Sendable {
        /// Runs in the history now.
        public var runs: Int
        /// Tests of the run added, counted as every command counts them (``ResultModel/TestCount``).
        public var tests: TestCount
        /// Tests the history had not seen before (a parameterized test once, whatever its new cases).
        public var newTests: Int
        /// Runs dropped to stay within `keep`.
        public var dropped: Int
        /// The file's size in bytes.
        public var bytes: Int
        /// Damage the history had, looked past (a damaged frame is kept in place, a torn tail cut).
        public var damage: [HistoryDamage] = []
    }

    /// Adds one run (`digest`, with `facts`) to the history at `url` (created when missing), keeping the newest
    /// `keep` runs.
    public static func add(
        _ digest: RunDigest, facts: HistoryRun.Facts, to url: URL, keep: Int, allowDuplicate: Bool = false
    ) throws -> Outcome {
        try add(to: url, keep: keep, allowDuplicate: allowDuplicate) { (digest, facts) }
    }

    /// Adds the run `makeRun` reads (a digest and its facts) to the history at `url`, keeping the newest `keep`
    /// runs. The history is read on another thread while `makeRun` reads the run: both take about as long.
    ///
    /// - Throws: ``HistoryError``: `.duplicateRun` when a run with the same ``HistoryRun/Facts/identity`` is in the
    ///   history already (unless `allowDuplicate`), `.refused` for a symlink (resolve it first), and those of
    ///   reading.
    public static func add(
        to url: URL, keep: Int, allowDuplicate: Bool = false,
        _ makeRun: () throws -> (RunDigest, HistoryRun.Facts)
    ) throws -> Outcome {
        try refuseSymlink(url)
        return try HistoryLock.holding(url) {
            try addHoldingLock(to: url, keep: keep, allowDuplicate: allowDuplicate, makeRun)
        }
    }

    /// Adds the run of `source` (a bundle of about `estimatedTests` tests) to the history at `url`, keeping the
    /// newest `keep` runs: as ``add(to:keep:allowDuplicate:_:)``, but a new history, or an append to a clean one,
    /// is written as the run streams from `source`, in memory that does not grow with the run
    /// (``HistoryStreamingAdd``). `makeFacts` turns the run's totals into its facts.
    public static func add(
        _ source: any ResultSource, estimatedTests: Int, to url: URL, keep: Int, allowDuplicate: Bool = false,
        facts makeFacts: (HistoryRunTotals) throws -> HistoryRun.Facts
    ) throws -> Outcome {
        try add(
            source, estimatedTests: estimatedTests, to: url, keep: keep, allowDuplicate: allowDuplicate,
            partitionEntries: HistoryStreamingAdd.standardPartitionEntries, facts: makeFacts)
    }

    /// As ``add(_:estimatedTests:to:keep:allowDuplicate:facts:)``, placing keys `partitionEntries` at a time and
    /// cutting keys frames at `keysFrameBytes` (tests make both small, to take a few keys through many partitions
    /// and frames).
    static func add(
        _ source: any ResultSource, estimatedTests: Int, to url: URL, keep: Int, allowDuplicate: Bool,
        partitionEntries: Int, keysFrameBytes: Int = HistoryStreamingAdd.keysFrameBytes,
        facts makeFacts: (HistoryRunTotals) throws -> HistoryRun.Facts
    ) throws -> Outcome {
        try refuseSymlink(url)
        return try HistoryLock.holding(url) {
            if let outcome = try HistoryStreamingAdd.add(
                source, estimatedTests: estimatedTests, to: url, keep: max(1, keep), allowDuplicate: allowDuplicate,
                partitionEntries: partitionEntries, keysFrameBytes: keysFrameBytes, makeFacts: makeFacts)
            {
                return outcome
            }
            return try addHoldingLock(to: url, keep: keep, allowDuplicate: allowDuplicate) {
                let digest = try RunDigest(source)
                return (digest, try makeFacts(HistoryRunTotals(digest, runs: source.runs)))
            }
        }
    }

    /// ``add(to:keep:allowDuplicate:_:)`` once the lock is held.
    private static func addHoldingLock(
        to url: URL, keep: Int, allowDuplicate: Bool, _ makeRun: () throws -> (RunDigest, HistoryRun.Facts)
    ) throws -> Outcome {
        let reading = PendingHistory(url) { try readForAdding($0) }
        let (digest, facts) = try makeRun()
        let history = try reading.get()
        if let identity = facts.identity, !allowDuplicate,
            let place = history.runs.firstIndex(where: { $0.facts.identity == identity })
        {
            throw duplicateRun(place: place, of: history.runs.count, url)
        }
        return try add(digest, facts: facts, to: history, at: url, keep: max(1, keep))
    }

    /// Refuses a history named through a symlink (`.refused`): the file would be written wherever it points.
    private static func refuseSymlink(_ url: URL) throws {
        if PathEntry(url)?.kind == .symlink {
            throw HistoryError(
                .refused, "a symlink; history add writes a history file named directly (name the file it points to)",
                file: url.path)
        }
    }

    /// The error for a run the history has already, as run `place` (from 0) of `count`.
    static func duplicateRun(place: Int, of count: Int, _ url: URL) -> HistoryError {
        HistoryError(
            .duplicateRun,
            "this run is in the history already (run \(place + 1) of \(count): the same times, "
                + "producer, name, command, inputs, host and tests); pass --allow-duplicate to add it again",
            file: url.path)
    }

    /// The history at `url` as an addition needs it: the test table, every run's facts, where the complete
    /// frames end. No file, or only the start of a header (a first write that was stopped), is a new history.
    static func readForAdding(_ url: URL) throws -> RunHistory {
        guard let bytes = try HistoryFile.contents(of: url) else {
            var history = RunHistory()
            history.isNewFile = true
            return history
        }
        var history = try RunHistory.read(bytes: bytes, file: url.path, newest: 0)
        history.isNewFile = HistoryFile.isUnfinishedHeader(bytes)
        return history
    }

    static func add(
        _ digest: RunDigest, facts: HistoryRun.Facts, to found: RunHistory, at url: URL, keep: Int
    ) throws -> Outcome {
        var history = found
        var runsBefore = history.runCount
        let upgrading = !history.isNewFile && history.major < HistoryFormat.major
        let dropping = runsBefore + 1 > keep
        if (dropping || upgrading) && !history.isNewFile {
            // The kept runs are decoded to find the keys no kept run uses (an upgrade keeps every run).
            history = try RunHistory.read(url, newest: keep - 1, statusesOnly: !upgrading)
            // A 1.x frame whose declared length is damaged (outside its checksum) counts only in the first read.
            runsBefore = history.runCount
        }
        let tableBefore = history.keys.count
        var run = HistoryRun(facts: facts.cut(), statuses: [], durations: [])
        let (newKeys, newTests) = place(digest, into: &history, run: &run)
        guard history.keys.count <= HistoryLimits.maxKeys else {
            throw HistoryError(
                .tooLarge,
                "the history's test table would hold \(history.keys.count) tests, more than the "
                    + "\(HistoryLimits.maxKeys) a history may hold; start a new history",
                file: url.path)
        }
        if run.facts.p95 == nil { run.facts.p95 = HistoryRun.percentile95(run.durations) }
        history.runs.append(run)
        if history.isNewFile || dropping || upgrading {
            let bytes = try HistoryRewriter.wholeFile(
                history, keeping: keep, from: url, newKeys: newKeys, rebuilding: upgrading)
            try HistoryRewriter.replace(url, with: bytes, expectingRuns: min(runsBefore + 1, keep), newKeys: newKeys)
        } else {
            var frames: [UInt8] = []
            if !newKeys.isEmpty {
                frames += try HistoryFormat.frame(
                    .keys, payload: HistoryKeyEncoding.encode(newKeys, first: tableBefore))
            }
            frames += try HistoryFormat.frame(.run, payload: try RunHistory.runPayload(run))
            try append(frames, to: url, after: history.validLength)
            try verifyAppended(frames, to: url, at: history.validLength, newKeys: newKeys, first: tableBefore)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        return Outcome(
            runs: min(runsBefore + 1, keep), tests: digest.count, newTests: newTests,
            dropped: max(0, runsBefore + 1 - keep), bytes: size,
            damage: found.damage)
    }

    /// Places each test of `digest` in the table of `history` (adding the keys it does not have, returned in
    /// order, with how many of them are tests rather than cases) and fills `run`'s statuses and durations.
    static func place(_ digest: RunDigest, into history: inout RunHistory, run: inout HistoryRun)
        -> (keys: [String], tests: Int)
    {
        var newKeys: [String] = []
        var newTests = 0
        // A test the table has under its id with or without the module keeps that key (docs/HISTORY.md).
        let counterparts = history.moduleLessPlaces(for: digest)
        digest.tests.withUnsafeBufferPointer { tests in
            // By index, reading single fields: copying whole digests would cost more than the lookups.
            var places: [Int] = []
            places.reserveCapacity(tests.count)
            for index in tests.indices {
                // The key's hash was computed when the run was read.
                if let place = history.index(of: tests[index].key, hash: tests[index].keyHash) {
                    places.append(place)  // one lookup per known test, the common case
                } else if let place = counterparts[index] {
                    places.append(place)
                } else {
                    places.append(history.append(key: tests[index].key, hash: tests[index].keyHash))
                    newKeys.append(tests[index].key)
                    if tests[index].arguments == nil { newTests += 1 }
                }
            }
            run.statuses = [HistoryStatus](repeating: .absent, count: history.keys.count)
            run.durations = [UInt32](repeating: 0, count: history.keys.count)
            for index in tests.indices {
                let place = places[index]
                run.statuses[place] = HistoryStatus(status: tests[index].status, isFlaky: tests[index].isFlaky)
                run.durations[place] = HistoryRun.storedDuration(tests[index].duration)
            }
        }
        return (newKeys, newTests)
    }

    /// Writes `frames` at byte `offset` of the file (cutting whatever followed: a torn frame) and syncs it.
    static func append(_ frames: [UInt8], to url: URL, after offset: Int) throws {
        let file: POSIXFile
        do {
            file = try POSIXFile.open(url.path, O_RDWR)
        } catch {
            throw HistoryError(.io, "cannot open the history: \(error.reason)", file: url.path, underlying: error)
        }
        defer { try? file.close() }
        do {
            try file.truncate(at: Int64(offset))
            try frames.withUnsafeBytes { try file.write($0, at: Int64(offset)) }
            try file.sync()
        } catch let error as SystemCallError {
            throw HistoryError(.io, "cannot write the history: \(error.reason)", file: url.path, underlying: error)
        }
    }

    /// Reads back what was appended at `offset`: the same bytes, frames that check, and keys that decode to
    /// `newKeys` from table position `first`. When they do not, the append is cut off again (the history is as
    /// it was) and the addition fails.
    static func verifyAppended(_ frames: [UInt8], to url: URL, at offset: Int, newKeys: [String], first: Int) throws {
        var problem: String?
        // One byte more than was appended: the file must end where the append did.
        var written = [UInt8](repeating: 0, count: frames.count + 1)
        if let file = try? POSIXFile.open(url.path, O_RDONLY) {
            let count = written.withUnsafeMutableBytes { (try? file.read(into: $0, at: Int64(offset))) ?? 0 }
            written.removeSubrange(count...)
            try? file.close()
        } else {
            written = []
        }
        if written != frames {
            problem = "the file holds other bytes than were appended"
        } else {
            let scan = HistoryFrameScanner.scan(HistoryFormat.header() + written, major: HistoryFormat.major)
            if !scan.damage.isEmpty || scan.frames.count != (newKeys.isEmpty ? 1 : 2) {
                problem = "the appended frames do not check"
            } else if !newKeys.isEmpty {
                let keysFrame = scan.frames[0]
                let stored = (HistoryFormat.header() + written)[keysFrame.payloadRange]
                let decoded = HistoryFormat.inflate(stored, expected: keysFrame.length)
                    .flatMap(HistoryKeyEncoding.decode)
                if decoded?.first != first || decoded?.keys != newKeys {
                    problem = "the test names do not read back as written"
                }
            }
        }
        guard let problem else { return }
        if let file = try? POSIXFile.open(url.path, O_RDWR) {
            try? file.truncate(at: Int64(offset))
            try? file.sync()
            try? file.close()
        }
        throw HistoryError(
            .io, "what was written does not read back (\(problem)); the run was not added", file: url.path,
            byteOffset: Int64(offset))
    }
}
