import Foundation
import ResultBundle
import ResultModel
import RunComparison
import RunHistory

/// The history reader: what `history show`, the summary, the report and `compare` read, and what `history add`
/// does to the file (append, and the `--keep` rewrite).
enum HistoryFuzzing {
    /// A run of three tests to add, one with a line break in its name.
    private static let run: RunDigest? = {
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
        return try? RunDigest(results)
    }()

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
        guard let run else { return }
        for keep in [100, 2] {
            _ = try? HistoryWriter.add(run, facts: HistoryRun.Facts(commit: "fuzz", tests: 3), to: file, keep: keep)
        }
        _ = try? RunHistory.read(file)
    }
}
