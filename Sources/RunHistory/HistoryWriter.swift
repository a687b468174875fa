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
        /// Tests of the run added.
        public var tests: Int
        /// Tests the history had not seen before.
        public var newTests: Int
        /// Runs dropped to stay within `keep`.
        public var dropped: Int
        /// The file's size in bytes.
        public var bytes: Int
    }

    /// Adds one run (`digest`, with `facts`) to the history at `url` (created when missing), keeping the newest
    /// `keep` runs.
    public static func add(_ digest: RunDigest, facts: HistoryRun.Facts, to url: URL, keep: Int) throws -> Outcome {
        // The runs are decoded only when some must be dropped (the whole file is rewritten then).
        var history = try RunHistory.read(url, decodingRuns: false)
        if history.runCount + 1 > max(1, keep) { history = try RunHistory.read(url, decodingRuns: true) }
        let validLength = history.validLength
        let runsBefore = history.runCount
        let fresh = !FileManager.default.fileExists(atPath: url.path)
        var newKeys: [String] = []
        for test in digest.tests where history.positions[test.key] == nil {
            history.positions[test.key] = history.keys.count
            history.keys.append(test.key)
            newKeys.append(test.key)
        }
        var run = HistoryRun(
            facts: facts, statuses: [HistoryStatus](repeating: .absent, count: history.keys.count),
            durations: [UInt32](repeating: 0, count: history.keys.count))
        for test in digest.tests {
            guard let index = history.positions[test.key] else { continue }
            run.statuses[index] = HistoryStatus(test)
            if let seconds = test.duration, seconds.isFinite, seconds >= 0 {
                run.durations[index] = UInt32(min(Double(UInt32.max - 1), (seconds * 1000).rounded())) + 1
            }
        }
        history.runs.append(run)
        var dropped = 0
        if runsBefore + 1 > max(1, keep) {
            dropped = runsBefore + 1 - max(1, keep)
            try rewrite(history, keeping: max(1, keep), to: url)
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
            runs: min(runsBefore + 1, max(1, keep)), tests: digest.tests.count, newTests: newKeys.count,
            dropped: dropped, bytes: size ?? 0)
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
            guard ftruncate(file.descriptor, off_t(offset)) == 0 else {
                throw SystemCallError("truncate", path: url.path)
            }
            try frames.withUnsafeBytes { try file.write($0, at: Int64(offset)) }
            guard fsync(file.descriptor) == 0 else { throw SystemCallError("sync", path: url.path) }
        } catch let error as SystemCallError {
            throw HistoryError(.io, "cannot write the history: \(error.reason)", file: url.path, underlying: error)
        }
    }

    /// Writes the newest `keep` runs of `history` as a new file, with only the keys they use, and renames it over
    /// `url`.
    static func rewrite(_ history: RunHistory, keeping keep: Int, to url: URL) throws {
        let kept = Array(history.runs.suffix(keep))
        var used = [Bool](repeating: false, count: history.keys.count)
        for run in kept {
            for (index, status) in run.statuses.enumerated() where status != .absent { used[index] = true }
        }
        let mapping = used.indices.filter { used[$0] }
        var bytes = HistoryFormat.header()
        bytes += try HistoryFormat.frame(
            .tests, payload: Array(mapping.map { history.keys[$0] }.joined(separator: "\n").utf8))
        for run in kept {
            let remapped = HistoryRun(
                facts: run.facts, statuses: mapping.map { run.status(at: $0) },
                durations: mapping.map { $0 < run.durations.count ? run.durations[$0] : 0 })
            bytes += try HistoryFormat.frame(.run, payload: try RunHistory.runPayload(remapped))
        }
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).partial-\(UUID().uuidString)")
        do {
            try Data(bytes).write(to: temporary)
            let file = try POSIXFile.open(temporary.path, O_RDONLY)
            _ = fsync(file.descriptor)
            try? file.close()
            guard rename(temporary.path, url.path) == 0 else { throw SystemCallError("rename", path: url.path) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw HistoryError(.io, "cannot rewrite the history: \(error)", file: url.path)
        }
    }
}
