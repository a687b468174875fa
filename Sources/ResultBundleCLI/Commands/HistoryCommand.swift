import ArgumentParser
import Foundation
import ResultBundle
import ResultModel
import ResultSupport
import RunComparison
import RunHistory

/// `resultbundle history`: a run-by-run history kept as one small file (docs/HISTORY.md).
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Keep a history of runs in one small file: add a run, show flaky and failing tests.",
        discussion: """
            The history is a file CI keeps the way it keeps any artifact (a cache, an artifact store, a branch). \
            Each run adds a digest: per test a status and a duration, per run its totals, commit and branch.

            Examples:
              resultbundle history add run.resultbundle --history main.rbhistory --keep 100
              resultbundle history show --history main.rbhistory
            """,
        subcommands: [HistoryAddCommand.self, HistoryShowCommand.self])
}

/// `resultbundle history add`.
struct HistoryAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Append one run's digest to a history file (created when missing).")

    @Argument(help: "The bundle of the run to add.")
    var bundle: String

    @Option(help: "The history file.")
    var history: String

    @Option(help: "Keep at most this many runs, dropping the oldest.")
    var keep = 100

    @Option(help: "The run's commit (default: the run's CI metadata).")
    var commit: String?

    @Option(help: "The run's branch (default: the run's CI metadata).")
    var branch: String?

    @Flag(
        help: ArgumentHelp(
            "Add the run even when the history has it already.",
            discussion: "A run is the same when its start and end, producer, name, command, inputs, host and tests "
                + "are (docs/HISTORY.md)."))
    var allowDuplicate = false

    func validate() throws {
        guard keep >= 1 else { throw ValidationError("--keep must be at least 1.") }
    }

    func run() throws {
        let reader = try BundleOpening.open(bundle, quiet: true, limits: .display)
        let destination = try HistoryDestination.resolve(history)
        PartialName.removeStale(in: destination.deletingLastPathComponent())
        // The run streams from the bundle: a run of millions of tests is never held whole.
        let outcome = try HistoryWriter.add(
            reader, estimatedTests: reader.testCount, to: destination, keep: keep, allowDuplicate: allowDuplicate
        ) { totals in try facts(of: reader, totals: totals) }
        HistoryWarnings.print(outcome.damage, file: history)
        try StandardOutput.line(
            "\(history): added \(outcome.tests), \(outcome.newTests) new; " + Counted.noun(outcome.runs, "run")
                + (outcome.dropped > 0 ? ", \(outcome.dropped) oldest dropped" : "") + ", \(outcome.bytes) bytes")
    }

    /// The run's facts: name, start, commit and branch (options first, then the run's CI metadata), and its tests'
    /// totals.
    private func facts(of reader: BundleReader, totals: HistoryRunTotals) throws -> HistoryRun.Facts {
        var facts = HistoryRun.Facts(
            tests: totals.tests, passed: totals.passed, failed: totals.failed, skipped: totals.skipped,
            duration: totals.duration, identity: totals.identity)
        let environment = reader.runs.flatMap(\.record.environment)
        facts.name = reader.runs.compactMap(\.record.name).first
        facts.time = reader.runs.compactMap(\.record.start).min()
        facts.commit = commit ?? environment.first { $0.name == "vcs.commit" }?.value
        facts.branch = branch ?? environment.first { $0.name == "vcs.branch" }?.value
        facts.parameterized = totals.count.parameterized
        facts.cases = totals.count.cases
        // A bundle of several runs (merged shards) is dirty when one of them is.
        let changes = reader.runs.compactMap(\.record.hasUncommittedChanges)
        facts.dirty = changes.isEmpty ? nil : changes.contains(true)
        facts.diffHash = reader.runs.compactMap(\.record.uncommittedChangesHash).first
        facts.coverage = try HistoryCoverage.totals(of: reader)
        return facts
    }
}

/// `resultbundle history show`.
struct HistoryShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "List a history's runs, its flakiest tests and the tests failing now.")

    @Option(help: "The history file.")
    var history: String

    @Option(help: "How many newest runs the figures cover.")
    var window = 30

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Count runs made from a working tree with uncommitted changes in the flaky ranking and streaks.")
    var includeDirty = false

    func run() throws {
        let loaded = try RunHistory.read(URL(fileURLWithPath: history), decodingNewest: max(1, window))
        HistoryWarnings.print(loaded.damage, file: history)
        let analysis = HistoryAnalysis(includeDirty ? loaded : loaded.withoutDirtyRuns(), window: window)
        let flaky = analysis.flakyTests(limit: 50)
        let failing = loaded.keys.compactMap { key -> (String, String)? in
            guard !analysis.isClean(key), let record = analysis.record(for: key), record.failingStreak > 0,
                let label = analysis.label(of: record)
            else { return nil }
            return (key, label)
        }
        if json {
            struct Document: Encodable {
                var runs: [HistoryRun.Facts]
                var flaky: [Flaky]
                var failing: [Failing]
                struct Flaky: Encodable {
                    var test: String
                    var flips: Int
                    var flipRate: Double
                    var retriesPassed: Int
                }
                struct Failing: Encodable {
                    var test: String
                    var label: String
                }
            }
            let document = Document(
                runs: loaded.runs.map(\.facts),
                flaky: flaky.map {
                    .init(test: $0.key, flips: $0.flips, flipRate: $0.flipRate, retriesPassed: $0.retriesPassed)
                },
                failing: failing.map { .init(test: $0.0, label: $0.1) })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try StandardOutput.line(String(decoding: try encoder.encode(document), as: UTF8.self))
            return
        }
        var lines = [
            Counted.noun(loaded.runs.count, "run")
                + (loaded.runs.last.map { ", the newest with \($0.facts.count)" } ?? "")
        ]
        for (index, run) in loaded.runs.enumerated().suffix(10) {
            let facts = run.facts
            lines.append(
                "  #\(index + 1) \(HistoryLimits.cut(facts.name ?? "-", maxBytes: 80)) "
                    + "\(facts.commit.map { String($0.prefix(12)) } ?? "-")\(facts.dirty == true ? " (dirty)" : ""): "
                    + "\(facts.count), \(facts.failed) failed, \(facts.skipped) skipped")
        }
        let dirty = loaded.runs.filter { $0.facts.dirty == true }.count
        if dirty > 0 && !includeDirty {
            lines.append(
                "\(Counted.noun(dirty, "run")) made with uncommitted changes \(dirty == 1 ? "is" : "are") left out of "
                    + "the flaky ranking and the streaks "
                    + "(--include-dirty counts them)")
        }
        if !flaky.isEmpty {
            lines.append("Flaky (last \(Counted.noun(min(window, loaded.runs.count), "run"))):")
            for record in flaky {
                lines.append(
                    "  \(record.key): \(Counted.noun(record.flips, "flip")), \(record.retriesPassed) passed on retry, flip rate "
                        + String(format: "%.2f", record.flipRate))
            }
        }
        if !failing.isEmpty {
            lines.append("Failing now:")
            for (key, label) in failing { lines.append("  \(key): \(label)") }
        }
        try StandardOutput.humanLines(lines)
    }
}
