import Foundation
import HTMLReport
import JUnitExport
import ResultBundle
import ResultModel
import ResultSupport
import RunHistory

/// What a history adds to a summary: a label on each failed test and the flakiest tests.
enum HistoryAnnotations {
    /// `includeDirty`: runs made from a working tree with uncommitted changes count in the labels and the flaky
    /// list (by default they are left out).
    static func annotate(_ summary: inout MarkdownSummary, history path: String, includeDirty: Bool = false) throws {
        let history = try read(path)
        let analysis = HistoryAnalysis(includeDirty ? history : history.withoutDirtyRuns())
        // The run being summarized is not in the history yet (`history add` comes after it).
        summary.failureLabel = { test in analysis.label(for: test.id, failingNow: true) }
        let flaky = analysis.flakyTests(limit: 20).map { record in
            "\(record.key): \(record.flips) flips, \(record.retriesPassed) passed on retry in the last "
                + Counted.noun(record.statuses.count, "run")
        }
        summary.extraSections = [("Flaky tests (history of \(Counted.noun(history.runs.count, "run")))", flaky)]
    }
}

extension HistoryAnnotations {
    /// The history at `path` (its newest runs decoded), its damage shown as warnings.
    static func read(_ path: String) throws -> RunHistory {
        let history = try RunHistory.read(URL(fileURLWithPath: path), decodingNewest: HistoryAnalysis.defaultWindow)
        HistoryWarnings.print(history.damage, file: path)
        return history
    }

    /// What `report --history` draws, from the history file at `path`; `runURL` links each run to its own report.
    static func reportHistory(_ path: String, runURL: String? = nil, includeDirty: Bool = false) throws
        -> ReportHistory
    {
        let template = try runURL.map { try RunURLTemplate($0) }
        let history = try read(path)
        // The labels, strips and flaky list leave out runs made with uncommitted changes; the trend charts show
        // every run.
        let analysis = HistoryAnalysis(includeDirty ? history : history.withoutDirtyRuns())
        let runURLs = history.runs.enumerated().map { index, run in
            template?.url(for: run.facts, number: index + 1).flatMap {
                $0.utf8.count <= HistoryLimits.maxRunURLBytes ? $0 : nil
            }
        }
        let analysedURLs = zip(history.runs, runURLs).filter { includeDirty || $0.0.facts.dirty != true }.map(\.1)
        let runs = history.runs.enumerated().map { index, run in
            var point = ReportHistory.RunPoint(
                name: runName(run.facts, number: index + 1), tests: run.facts.tests, failed: run.facts.failed,
                duration: run.facts.duration, p95: run.facts.p95, url: runURLs[index])
            point.coverage = run.facts.coverage
            return point
        }
        let names: [HistoryStatus: String] = [
            .passed: "passed", .failed: "failed", .skipped: "skipped", .passedOnRetry: "retried", .absent: "absent",
            .other: "skipped",
        ]
        let analysed = analysis.history
        let flaky = analysis.flakyTests(limit: 500).map { record in
            ReportHistory.FlakyTest(
                test: record.key, flips: record.flips, flipRate: record.flipRate,
                retriesPassed: record.retriesPassed, runs: record.statuses.filter { $0 != .absent }.count,
                lastFlip: record.lastFlip.map { runName(analysed.runs[$0].facts, number: $0 + 1) },
                statuses: record.statuses.map { names[$0] ?? "absent" })
        }
        var report = ReportHistory(runs: runs, flaky: flaky) { id in
            guard let record = analysis.record(for: id) else {
                return ReportHistory.Trend(statuses: [], durations: [], label: analysis.label(for: id))
            }
            return ReportHistory.Trend(
                statuses: record.statuses.map { names[$0] ?? "absent" }, durations: record.durations,
                label: analysis.label(of: record), urls: Array(analysedURLs.suffix(record.statuses.count)))
        }
        // A test the history does not know is clean here: it has no strip to show (a failing one is labelled anyway).
        let unsettled = UnsettledKeys(analysis.unsettledKeys())
        report.isClean = { id in !unsettled.contains(id) }
        // A report's test id may name the history's key with or without its module.
        let flakyKeys = Set(flaky.map(\.test))
        report.flakyKey = { id in
            analysis.index(matching: id).map { analysis.history.keys[$0] }.flatMap { flakyKeys.contains($0) ? $0 : nil }
        }
        (report.slowest, report.slowing) = slowestAndSlowing(analysis.history)
        return report
    }

    /// The place, from 1, of `bundle`'s run in the history at `path`: the position of the run whose identity
    /// (``RunIdentity``) it has, when `history add` came first, else one past the history's last run.
    /// - Complexity: O(n) in the bundle's tests, read once more to compute its identity.
    static func runNumber(of bundle: BundleReader, in path: String) throws -> Int {
        let history = try RunHistory.read(URL(fileURLWithPath: path), decodingNewest: 0)
        let identity = RunIdentity.digest(runs: bundle.runs, tests: try RunDigest(bundle))
        let position = history.runs.lastIndex { $0.facts.identity == identity }
        return (position ?? history.runs.count) + 1
    }

    /// A run's name on the charts and the Flaky page: its commit's first 12 characters, its name, or `run N`.
    static func runName(_ facts: HistoryRun.Facts, number: Int) -> String {
        HistoryLimits.cut(facts.commit.map { String($0.prefix(12)) } ?? facts.name ?? "run \(number)", maxBytes: 80)
    }

    /// The 20 slowest tests by the median of their newest 5 runs, and the 20 that slowed down most: that median
    /// against the median of the (up to 25) runs before, at least 20% and 50 ms more. Passing runs only. One pass
    /// over the table with one reused buffer: a 100,000-test history costs milliseconds.
    static func slowestAndSlowing(_ history: RunHistory) -> (
        slowest: [ReportHistory.SlowingTest], slowing: [ReportHistory.SlowingTest]
    ) {
        let runs = Array(history.runs.suffix(HistoryAnalysis.defaultWindow))
        let newest = runs.suffix(5)
        let earlier = runs.dropLast(5)
        var buffer: [Double] = []
        buffer.reserveCapacity(runs.count)
        func median(_ window: ArraySlice<HistoryRun>, _ index: Int) -> Double? {
            buffer.removeAll(keepingCapacity: true)
            for run in window where run.status(at: index).isPassing {
                if let duration = run.duration(at: index) { buffer.append(duration) }
            }
            guard !buffer.isEmpty else { return nil }
            buffer.sort()
            let middle = buffer.count / 2
            return buffer.count % 2 == 1 ? buffer[middle] : (buffer[middle - 1] + buffer[middle]) / 2
        }
        let limit = 20
        var slowest: [ReportHistory.SlowingTest] = []
        var slowing: [ReportHistory.SlowingTest] = []
        for index in history.keys.indices {
            guard let now = median(newest, index) else { continue }
            if slowest.count < limit || now > slowest[slowest.count - 1].after {
                let test = ReportHistory.SlowingTest(test: history.keys[index], before: now, after: now)
                slowest.insert(test, at: slowest.firstIndex { now > $0.after } ?? slowest.count)
                if slowest.count > limit { slowest.removeLast() }
            }
            // Slowing needs 50 ms more than before, so a test faster than that now cannot be slowing.
            guard now > 0.05, let before = median(earlier, index), now > before * 1.2, now - before > 0.05 else {
                continue
            }
            slowing.append(ReportHistory.SlowingTest(test: history.keys[index], before: before, after: now))
        }
        slowing.sort { $0.after - $0.before > $1.after - $1.before }
        return (slowest, Array(slowing.prefix(limit)))
    }
}
