import Foundation
import ResultModel
import ResultSupport
import RunComparison

/// Appends runs to a history file (`history add`), crash-safely: new frames are appended after the last complete
/// one (a torn tail left by a killed writer is cut first) and synced; when the history would hold more than `keep`
/// runs, the whole file is rewritten under a temporary name and renamed over the old one, keeping the newest.
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
    }

    /// Adds one run (`digest`, with `facts`) to the history at `url` (created when missing), keeping the newest
    /// `keep` runs.
    public static func add(_ digest: RunDigest, facts: HistoryRun.Facts, to url: URL, keep: Int) throws -> Outcome {
        try add(to: url, keep: keep) { (digest, facts) }
    }

    /// Adds the run `makeRun` reads (a digest and its facts) to the history at `url`, keeping the newest `keep`
    /// runs. The history is read on another thread while `makeRun` reads the run: both take about as long.
    public static func add(to url: URL, keep: Int, _ makeRun: () throws -> (RunDigest, HistoryRun.Facts)) throws
        -> Outcome
    {
        // The runs are decoded only when some must be dropped (the whole file is rewritten then).
        let reading = PendingHistory(url) { try RunHistory.read($0, decodingRuns: false) }
        let (digest, facts) = try makeRun()
        var history = try reading.get()
        if history.runCount + 1 > max(1, keep) {
            // Some runs are dropped: the kept ones are decoded to find the keys no kept run uses.
            history = try RunHistory.read(url, decodingRuns: true, newest: max(1, keep) - 1, statusesOnly: true)
        }
        let validLength = history.validLength
        let runsBefore = history.runCount
        let fresh = !FileManager.default.fileExists(atPath: url.path)
        var newKeys: [String] = []
        var newTests = 0
        var run = HistoryRun(facts: facts, statuses: [], durations: [])
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
                if let seconds = tests[index].duration, seconds.isFinite, seconds >= 0 {
                    run.durations[place] = UInt32(min(Double(UInt32.max - 1), (seconds * 1000).rounded())) + 1
                }
            }
        }
        if run.facts.p95 == nil { run.facts.p95 = HistoryRun.percentile95(run.durations) }
        history.runs.append(run)
        var dropped = 0
        if runsBefore + 1 > max(1, keep) {
            dropped = runsBefore + 1 - max(1, keep)
            try rewrite(history, keeping: max(1, keep), to: url, newKeys: newKeys)
        } else {
            var frames: [UInt8] = fresh ? HistoryFormat.header() : []
            if !newKeys.isEmpty {
                frames += try HistoryFormat.frame(.tests, payload: Array(newKeys.joined(separator: "\n").utf8))
            }
            frames += try HistoryFormat.frame(.run, payload: try RunHistory.runPayload(run))
            try append(frames, to: url, after: fresh ? 0 : validLength)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        return Outcome(
            runs: min(runsBefore + 1, max(1, keep)), tests: digest.count, newTests: newTests,
            dropped: dropped, bytes: size)
    }

    /// Writes `frames` at byte `offset` of the file (cutting whatever followed: a torn frame) and syncs it.
    static func append(_ frames: [UInt8], to url: URL, after offset: Int) throws {
        let file: POSIXFile
        do {
            file = try POSIXFile.open(url.path, O_RDWR | O_CREAT)
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

    /// Writes the newest `keep` runs of `history` (the last one just added, with `newKeys` new to the table) as a
    /// new file, and renames it over `url`. When every key of the table is still used by a kept run, the kept
    /// frames are copied as they are (nothing recompressed); otherwise the table is rebuilt with only the keys the
    /// kept runs use.
    static func rewrite(_ history: RunHistory, keeping keep: Int, to url: URL, newKeys: [String]) throws {
        let kept = Array(history.runs.suffix(keep))
        var used = [Bool](repeating: false, count: history.keys.count)
        for run in kept {
            for (index, status) in run.statuses.enumerated() where status != .absent { used[index] = true }
        }
        var bytes = HistoryFormat.header()
        if used.allSatisfy({ $0 }), let old = try? [UInt8](Data(contentsOf: url)),
            history.runFrames.count >= keep - 1, history.tableFrames.allSatisfy({ $0.upperBound <= old.count }),
            history.runFrames.allSatisfy({ $0.upperBound <= old.count })
        {
            for frame in history.tableFrames { bytes += old[frame] }
            if !newKeys.isEmpty {
                bytes += try HistoryFormat.frame(.tests, payload: Array(newKeys.joined(separator: "\n").utf8))
            }
            for frame in history.runFrames.suffix(keep - 1) { bytes += old[frame] }
            bytes += try HistoryFormat.frame(.run, payload: try RunHistory.runPayload(kept[kept.count - 1]))
        } else {
            // Keys to drop: the table is rebuilt, so the kept runs' durations are needed too.
            var history = try RunHistory.read(url, decodingRuns: true, newest: keep - 1)
            history.keys += newKeys
            history.runs.append(kept[kept.count - 1])
            let kept = Array(history.runs.suffix(keep))
            let mapping = used.indices.filter { used[$0] }
            bytes += try HistoryFormat.frame(
                .tests, payload: Array(mapping.map { history.keys[$0] }.joined(separator: "\n").utf8))
            for run in kept {
                let remapped = HistoryRun(
                    facts: run.facts, statuses: mapping.map { run.status(at: $0) },
                    durations: mapping.map { $0 < run.durations.count ? run.durations[$0] : 0 })
                bytes += try HistoryFormat.frame(.run, payload: try RunHistory.runPayload(remapped))
            }
        }
        do {
            try AtomicReplace.write(bytes, to: url.path)
        } catch {
            throw HistoryError(.io, "cannot rewrite the history: \(error)", file: url.path, underlying: error)
        }
    }
}
