import Foundation
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
