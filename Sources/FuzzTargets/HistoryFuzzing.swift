import Foundation
import ResultBundle
import ResultModel
import RunComparison
import RunHistory

/// The history reader: what `history show`, the summary, the report and `compare` read, and what `history add`
/// does to the file (the streaming append, the append of a held run, and the `--keep` rewrite).
enum HistoryFuzzing {
    /// A run of three tests to add, one with a line break in its name, as the streaming add reads it.
    private static func source() -> InMemoryResults? {
        let results = InMemoryResults()
        guard let index = try? results.beginRun(RunRecord(name: "fuzz", producer: "fuzz", source: "fuzz")) else {
            return nil
        }
        for (name, status) in [("a", TestStatus.passed), ("b\nc", .failed), ("d", .skipped)] {
            try? results.addTest(
                TestRecord(
                    runIndex: index, identity: TestIdentity(module: "M", suites: ["S"], name: name),
                    attempts: [TestAttempt(status: status, duration: 0.01)]))
        }
        return results
    }
    /// The same run, digested, as the add that holds the run reads it.
    private static let run: RunDigest? = source().flatMap { try? RunDigest($0) }

    static func reader(_ input: UnsafeRawBufferPointer) {
        guard let file = ScratchInput.write(input, named: "input.rbhistory") else { return }
        if let history = try? RunHistory.read(file) {
            let analysis = HistoryAnalysis(history)
            _ = analysis.flakyTests(limit: 20)
            _ = analysis.unsettledKeys()
            for key in history.keys.prefix(8) { _ = analysis.label(for: key) }
            _ = HistoryAnalysis(history.withoutDirtyRuns()).flakyTests(limit: 5)
        }
        _ = try? RunHistory.read(file, decodingNewest: 1)
        guard let run, let source = source() else { return }
        // What `history add` does: the streaming add, which checks the file's frames a piece at a time.
        _ = try? HistoryWriter.add(source, estimatedTests: 3, to: file, keep: 100, allowDuplicate: true) { _ in
            HistoryRun.Facts(commit: "fuzz-streamed", tests: 3)
        }
        for keep in [100, 2] {
            _ = try? HistoryWriter.add(run, facts: HistoryRun.Facts(commit: "fuzz", tests: 3), to: file, keep: keep)
        }
        _ = try? RunHistory.read(file)
    }
}
