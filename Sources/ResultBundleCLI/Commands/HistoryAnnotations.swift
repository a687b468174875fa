import Foundation
import HTMLReport
import JUnitExport
import RunHistory

/// What a history adds to a summary: a label on each failed test and the flakiest tests.
enum HistoryAnnotations {
    static func annotate(_ summary: inout MarkdownSummary, history path: String) throws {
        let history: RunHistory
        do {
            history = try RunHistory.read(URL(fileURLWithPath: path))
        } catch let error as HistoryError {
            throw CLIError(error.description, exitCode: 2)
        }
        let analysis = HistoryAnalysis(history)
        // Failures of the run being summarized: it is not in the history yet (`history add` comes after), so a
        // test failing now that last passed is a new failure, and one failing in the newest runs keeps failing.
        summary.failureLabel = { test in
            guard let record = analysis.record(for: test.id) else { return "new test" }
            if record.flips >= 2 { return "flaky: \(record.flips) flips in the last \(record.statuses.count) runs" }
            guard record.failingStreak > 0, let since = record.failingSince else { return "new failure" }
            let facts = history.runs[since].facts
            let origin = facts.commit.map { String($0.prefix(12)) } ?? facts.name ?? "run \(since + 1)"
            return "failing for \(record.failingStreak + 1) runs since \(origin)"
        }
        let flaky = analysis.flakyTests(limit: 20).map { record in
            "\(record.key): \(record.flips) flips, \(record.retriesPassed) passed on retry in the last "
                + "\(record.statuses.count) runs"
        }
        summary.extraSections = [("Flaky tests (history of \(history.runs.count) runs)", flaky)]
    }
}

extension HistoryAnnotations {
    /// What `report --history` draws, from the history file at `path`.
    static func reportHistory(_ path: String) throws -> ReportHistory {
        let history: RunHistory
        do {
            history = try RunHistory.read(URL(fileURLWithPath: path))
        } catch let error as HistoryError {
            throw CLIError(error.description, exitCode: 2)
        }
        let analysis = HistoryAnalysis(history)
        let runs = history.runs.enumerated().map { index, run in
            let facts = run.facts
            let durations = run.durations.filter { $0 > 0 }.map { Double($0 - 1) / 1000 }.sorted()
            let p95 = durations.isEmpty ? nil : durations[min(durations.count - 1, Int(Double(durations.count) * 0.95))]
            let name = facts.commit.map { String($0.prefix(12)) } ?? facts.name ?? "run \(index + 1)"
            return ReportHistory.RunPoint(
                name: name, tests: facts.tests, failed: facts.failed, duration: facts.duration, p95: p95)
        }
        let flaky = analysis.flakyTests(limit: 500).map {
            ReportHistory.FlakyTest(
                test: $0.key, flips: $0.flips, flipRate: $0.flipRate, retriesPassed: $0.retriesPassed,
                runs: $0.statuses.count)
        }
        return ReportHistory(runs: runs, flaky: flaky) { id in
            guard let record = analysis.record(for: id) else { return nil }
            let names: [HistoryStatus: String] = [
                .passed: "passed", .failed: "failed", .skipped: "skipped", .passedOnRetry: "retried", .absent: "absent",
                .other: "skipped",
            ]
            return ReportHistory.Trend(
                statuses: record.statuses.map { names[$0] ?? "absent" }, durations: record.durations,
                label: analysis.label(for: id))
        }
    }
}
