import Foundation
import ResultSupport

/// Writes a history whole: its first version, a format 1.x file upgraded, or the newest `keep` runs when older
/// ones are dropped. The bytes are written under `.NAME.partial-PID` beside the history (the name the command
/// layer's cleanup of killed runs knows, docs/OUTPUTS.md), synced, and renamed over it.
enum HistoryRewriter {
    /// The bytes of the newest `keep` runs of `history` (the last one just added, with `newKeys` new to the
    /// table). When every key of the table is still used by a kept run and nothing is to be re-encoded, the kept
    /// frames are copied as they are from the file at `url` (nothing recompressed); otherwise (`rebuilding`, an
    /// upgrade from 1.x, or keys to drop) the table is rebuilt with only the keys the kept runs use.
    static func wholeFile(
        _ history: RunHistory, keeping keep: Int, from url: URL, newKeys: [String], rebuilding: Bool
    ) throws -> [UInt8] {
        let kept = Array(history.runs.suffix(keep))
        var used = [Bool](repeating: false, count: history.keys.count)
        for run in kept {
            for (index, status) in run.statuses.enumerated() where status != .absent { used[index] = true }
        }
        // A placeholder of a key lost to damage is never written as a key.
        for index in history.unreadableKeys where index < used.count { used[index] = false }
        var bytes = HistoryFormat.header()
        if history.isNewFile {
            bytes += try HistoryFormat.frame(.keys, payload: HistoryKeyEncoding.encode(newKeys, first: 0))
            bytes += try HistoryFormat.frame(.run, payload: try RunHistory.runPayload(kept[kept.count - 1]))
            return bytes
        }
        let tableBefore = history.keys.count - newKeys.count
        if !rebuilding, used.allSatisfy({ $0 }), let old = try? HistoryFile.bytes(at: url.path),
            history.runFrames.count >= keep - 1, history.tableFrames.allSatisfy({ $0.upperBound <= old.count }),
            history.runFrames.allSatisfy({ $0.upperBound <= old.count })
        {
            for frame in history.tableFrames { bytes += old[frame] }
            if !newKeys.isEmpty {
                bytes += try HistoryFormat.frame(.keys, payload: HistoryKeyEncoding.encode(newKeys, first: tableBefore))
            }
            for frame in history.runFrames.suffix(keep - 1) { bytes += old[frame] }
            bytes += try HistoryFormat.frame(.run, payload: try RunHistory.runPayload(kept[kept.count - 1]))
            return bytes
        }
        // Keys to drop: the table is rebuilt, so the kept runs' durations are needed too.
        var full = try RunHistory.read(url, newest: keep - 1)
        for key in newKeys { full.append(key: key, hash: key.hashValue) }
        full.runs.append(kept[kept.count - 1])
        let keptRuns = Array(full.runs.suffix(keep))
        let mapping = used.indices.filter { used[$0] }
        bytes += try HistoryFormat.frame(
            .keys, payload: HistoryKeyEncoding.encode(mapping.map { full.keys[$0] }, first: 0))
        for run in keptRuns {
            let remapped = HistoryRun(
                facts: run.facts, statuses: mapping.map { run.status(at: $0) },
                durations: mapping.map { $0 < run.durations.count ? run.durations[$0] : 0 })
            bytes += try HistoryFormat.frame(.run, payload: try RunHistory.runPayload(remapped))
        }
        return bytes
    }

    /// Checks that `bytes` read back as a history of `runs` runs whose table ends with `newKeys`, then writes them
    /// under a temporary name, syncs, and renames them over `url`.
    static func replace(_ url: URL, with bytes: [UInt8], expectingRuns runs: Int, newKeys: [String]) throws {
        let check = try? RunHistory.read(bytes: bytes, file: url.path, newest: 1)
        guard let check, check.damage.isEmpty, check.runCount == runs,
            Array(check.keys.suffix(newKeys.count)) == newKeys
        else {
            throw HistoryError(
                .io, "the history as rewritten does not read back as written; the file was left as it was",
                file: url.path)
        }
        do {
            // `.NAME.partial-PID` beside the history, synced and renamed over it (one writer at a time holds the
            // lock); a killed writer's partial file is removed by the next rewrite once that process is gone.
            try AtomicReplace.write(bytes, to: url.path)
        } catch {
            throw HistoryError(.io, "cannot write the history: \(error)", file: url.path, underlying: error)
        }
    }
}
