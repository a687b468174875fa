import ResultModel

/// The XCTest runs of one console log, each checked against its own summary line (`Executed N tests, with S
/// tests skipped and F failures`). A log can hold several runs: two `swift test` runs, or an `xcodebuild` log with
/// several test actions. A run starts at a top-level suite (or at `All tests`/`Selected tests`, even when an
/// earlier run was cut off with its suites still open); a run without a summary is not checked. After Xcode
/// restarts a crashed test process, the relaunch's suites belong to the run it restarted, whose closing summary
/// counts every launch.
struct XCTestRunSummaries {
    private struct Run {
        var startLine: Int
        var testsAtStart: Int
        var skippedAtStart: Int
        var failuresAtStart: Int
        var reported: (tests: Int, skipped: Int?, failures: Int)?
    }

    private var runs: [Run] = []
    /// Whether Xcode restarted the test process: the run's next top-level suite continues the run, and its summary
    /// "will include totals from previous launches".
    private var isRestarting = false

    /// Every run's summary added up, for the run's reported counts.
    var reportedTotal: (tests: Int, skipped: Int?, failures: Int)? {
        let reported = runs.compactMap(\.reported)
        guard !reported.isEmpty else { return nil }
        let skipped = reported.reduce(Optional(0)) { sum, run in sum.flatMap { total in run.skipped.map { total + $0 } }
        }
        return (reported.map(\.tests).reduce(0, +), skipped, reported.map(\.failures).reduce(0, +))
    }

    /// A suite started at `depth` (before it); `parsed` and `failures` are what was parsed so far.
    mutating func suiteStarted(named name: String, depth: Int, line: Int, parsed: ResultTotals, failures: Int) {
        let startsARun = depth == 0 || name == "All tests" || name == "Selected tests"
        guard startsARun else { return }
        if isRestarting, !runs.isEmpty {
            isRestarting = false
            return
        }
        // `All tests` then `debug.xctest` at depth 0 after a summary-less start belong to one run.
        if let last = runs.last, last.reported == nil, last.testsAtStart == parsed.tests, depth == 0 { return }
        runs.append(
            Run(
                startLine: line, testsAtStart: parsed.tests, skippedAtStart: parsed.skipped, failuresAtStart: failures,
                reported: nil))
    }

    /// Xcode's `Restarting after unexpected exit, crash, or test timeout ...` line: the relaunch belongs to the same
    /// run.
    mutating func restarted() { isRestarting = true }

    /// A top-level summary line.
    mutating func executed(tests: Int, skipped: Int?, failures: Int, line: Int) {
        if runs.isEmpty {
            runs.append(Run(startLine: line, testsAtStart: 0, skippedAtStart: 0, failuresAtStart: 0, reported: nil))
        }
        let previous = runs[runs.count - 1].reported ?? (0, 0, 0)
        let skippedSum = previous.skipped.flatMap { earlier in skipped.map { earlier + $0 } }
        runs[runs.count - 1].reported = (previous.tests + tests, skippedSum, previous.failures + failures)
    }

    /// Warnings for every run whose summary disagrees with what was parsed in it; `parsed` and `failures` are the
    /// final counts.
    func mismatches(parsed: ResultTotals, failures: Int, fileName: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (index, run) in runs.enumerated() {
            guard let reported = run.reported else { continue }
            let next = runs.indices.contains(index + 1) ? runs[index + 1] : nil
            let tests = (next?.testsAtStart ?? parsed.tests) - run.testsAtStart
            let skipped = (next?.skippedAtStart ?? parsed.skipped) - run.skippedAtStart
            let failureLines = (next?.failuresAtStart ?? failures) - run.failuresAtStart
            let which = runs.count > 1 ? " of the run that starts at line \(run.startLine)" : ""
            func warn(_ message: String) {
                diagnostics.append(
                    Diagnostic(severity: .warning, message: message, file: fileName, line: run.startLine))
            }
            if reported.tests != tests {
                warn("the summary\(which) says \(reported.tests) XCTest tests ran, but \(tests) were parsed")
            }
            if let reportedSkipped = reported.skipped, reportedSkipped != skipped {
                warn("the summary\(which) says \(reportedSkipped) tests were skipped, but \(skipped) were parsed")
            }
            if reported.failures != failureLines {
                warn(
                    "the summary\(which) counts \(reported.failures) failures, but \(failureLines) failure lines were parsed"
                )
            }
        }
        return diagnostics
    }
}
