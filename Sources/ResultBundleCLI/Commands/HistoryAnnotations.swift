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
        // The run being summarized is not in the history yet (`history add` comes after it).
        summary.failureLabel = { test in analysis.label(for: test.id, failingNow: true) }
        let flaky = analysis.flakyTests(limit: 20).map { record in
            "\(record.key): \(record.flips) flips, \(record.retriesPassed) passed on retry in the last "
                + "\(record.statuses.count) runs"
        }
        summary.extraSections = [("Flaky tests (history of \(history.runs.count) runs)", flaky)]
    }
}

extension HistoryAnnotations {
    /// What `report --history` draws, from the history file at `path`; `runURL` links each run to its own report.
    static func reportHistory(_ path: String, runURL: String? = nil) throws -> ReportHistory {
        let history: RunHistory
        let template: RunURLTemplate?
        do {
            template = try runURL.map { try RunURLTemplate($0) }
            history = try RunHistory.read(URL(fileURLWithPath: path))
        } catch let error as HistoryError {
            throw CLIError(error.description, exitCode: 2)
        }
        let analysis = HistoryAnalysis(history)
        let runURLs = history.runs.enumerated().map { index, run in template?.url(for: run.facts, number: index + 1) }
        let runs = history.runs.enumerated().map { index, run in
            let facts = run.facts
            let durations = run.durations.filter { $0 > 0 }.map { Double($0 - 1) / 1000 }.sorted()
            let p95 = durations.isEmpty ? nil : durations[min(durations.count - 1, Int(Double(durations.count) * 0.95))]
            let name = facts.commit.map { String($0.prefix(12)) } ?? facts.name ?? "run \(index + 1)"
            return ReportHistory.RunPoint(
                name: name, tests: facts.tests, failed: facts.failed, duration: facts.duration, p95: p95,
                url: runURLs[index])
        }
        let flaky = analysis.flakyTests(limit: 500).map {
            ReportHistory.FlakyTest(
                test: $0.key, flips: $0.flips, flipRate: $0.flipRate, retriesPassed: $0.retriesPassed,
                runs: $0.statuses.count)
        }
        var report = ReportHistory(runs: runs, flaky: flaky) { id in
            guard let record = analysis.record(for: id) else {
                return ReportHistory.Trend(statuses: [], durations: [], label: analysis.label(for: id))
            }
            let names: [HistoryStatus: String] = [
                .passed: "passed", .failed: "failed", .skipped: "skipped", .passedOnRetry: "retried", .absent: "absent",
                .other: "skipped",
            ]
            return ReportHistory.Trend(
                statuses: record.statuses.map { names[$0] ?? "absent" }, durations: record.durations,
                label: analysis.label(for: id), urls: Array(runURLs.suffix(record.statuses.count)))
        }
        (report.slowest, report.slowing) = slowestAndSlowing(history)
        return report
    }

    /// The 20 slowest tests by the median of their newest 5 runs, and the 20 that slowed down most: that median
    /// against the median of the (up to 25) runs before, at least 20% and 50 ms more.
    static func slowestAndSlowing(_ history: RunHistory) -> (
        slowest: [ReportHistory.SlowingTest], slowing: [ReportHistory.SlowingTest]
    ) {
        let runs = history.runs.suffix(30)
        let newest = Array(runs.suffix(5))
        let earlier = Array(runs.dropLast(5))
        func median(_ values: [Double]) -> Double? {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            return sorted.count % 2 == 1
                ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        var slowest: [ReportHistory.SlowingTest] = []
        var slowing: [ReportHistory.SlowingTest] = []
        for (index, key) in history.keys.enumerated() {
            guard let now = median(newest.compactMap { $0.status(at: index).isPassing ? $0.duration(at: index) : nil })
            else { continue }
            slowest.append(ReportHistory.SlowingTest(test: key, before: now, after: now))
            if let before = median(
                earlier.compactMap { $0.status(at: index).isPassing ? $0.duration(at: index) : nil }),
                now > before * 1.2, now - before > 0.05
            {
                slowing.append(ReportHistory.SlowingTest(test: key, before: before, after: now))
            }
        }
        slowest.sort { $0.after > $1.after }
        slowing.sort { $0.after - $0.before > $1.after - $1.before }
        return (Array(slowest.prefix(20)), Array(slowing.prefix(20)))
    }
}
