import ArgumentParser
import Foundation
import HTMLReport
import ResultBundle
import ResultModel
import RunComparison
import RunHistory

/// `resultbundle compare`: what changed between two runs.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two runs: new failures, fixed, flaky, slower and faster tests, measurement changes.",
        discussion: """
            Tests are matched by their id (Module/Suite/name), parameterized cases also by their arguments, and, \
            when both bundles hold several configurations, by configuration (the run's name). A duration change \
            counts as slower or faster only beyond both --slower-seconds and --slower-percent (and, with \
            --history, beyond 3 times the test's own spread), so noise does not; measurements count beyond their own thresholds (XCTest's 10% and 0.1). When both runs carry code \
            coverage, its change is shown too: the totals and each file whose coverage changed, falls first. See \
            docs/COMPARE.md.

            Examples:
              resultbundle compare main.resultbundle pr.resultbundle
              resultbundle compare main.resultbundle pr.resultbundle --format markdown
              resultbundle compare main.resultbundle pr.resultbundle --fail-on flaky
              resultbundle compare main.resultbundle pr.resultbundle --history h.rbhistory
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    /// The buckets `--fail-on` can name.
    enum Gate: String, CaseIterable {
        case newFailures = "new-failures", stillFailing = "still-failing", flaky, slower
        case removed, newlySkipped = "newly-skipped", measurements

        var keyPath: KeyPath<Comparison.Buckets, [Comparison.Entry]> {
            switch self {
            case .newFailures: \.newFailures
            case .stillFailing: \.stillFailing
            case .flaky: \.flaky
            case .slower: \.slower
            case .removed: \.removedTests
            case .newlySkipped: \.newlySkipped
            case .measurements: \.measurementChanges
            }
        }
    }

    @Argument(help: "The bundle to compare with (for example main's latest run).")
    var base: String

    @Argument(help: "The bundle to compare (for example the pull request's run).")
    var head: String

    @Option(help: "text (a table), markdown (for pull-request comments) or json (docs/schemas/compare.schema.json).")
    var format = Format.text

    @Option(help: "The largest Markdown to write, in bytes (GitHub comments: 65536).")
    var maxBytes = 65_536

    @Option(name: .shortAndLong, help: "Also write an HTML comparison page, in the report's style, into this folder.")
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Exit 1 when any of these buckets is not empty: \(Gate.allCases.map(\.rawValue).joined(separator: ", ")).",
            valueName: "buckets"))
    var failOn: String?

    @Option(help: "A duration change counts only beyond this many seconds...")
    var slowerSeconds = 0.1

    @Option(help: "...and beyond this percentage of BASE's duration.")
    var slowerPercent = 20.0

    @Option(
        help: "A history file (history add): a test is slower or faster only beyond 3 times its own spread too.")
    var history: String?

    @Option(
        help: ArgumentHelp(
            "HEAD's report folder (written by report): the HTML page's test names link to their pages in it.",
            discussion: "Only tests that have a page of their own there are linked.", valueName: "folder"))
    var headReport: String?

    @Flag(help: "Replace the output folder even when it holds files resultbundle did not write.")
    var force = false

    func gates() throws -> [Gate] {
        guard let failOn else { return [] }
        return try failOn.split(separator: ",").map { name in
            guard let gate = Gate(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError(
                    "--fail-on: unknown bucket '\(name)'; use \(Gate.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return gate
        }
    }

    func validate() throws {
        _ = try gates()
        guard maxBytes >= 512 else { throw ValidationError("--max-bytes must be at least 512.") }
        if let headReport {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: headReport, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError(
                    "--head-report: '\(headReport)' is not a folder; give the folder report -o wrote.")
            }
            guard output != nil else { throw ValidationError("--head-report needs -o, the page whose names it links.") }
        }
        guard slowerSeconds >= 0, slowerPercent >= 0 else {
            throw ValidationError("--slower-seconds and --slower-percent must be 0 or more.")
        }
    }

    func run() throws {
        let plan = try output.map {
            try OutputRules(shape: .folder, force: force, inputs: [base, head]).plan(for: $0)
        }
        let window = HistoryAnalysis.defaultWindow
        // The history is read on another thread while the runs are.
        let pending = history.map { PendingHistory(URL(fileURLWithPath: $0), decodingNewest: window) }
        let opened = { (path: String) in try BundleOpening.open(path, quiet: true, limits: .display) }
        var judge: RunComparer?
        // Made once both runs are read, or when the partitioned comparison gives up (the history is read by then).
        let comparer = { () throws -> RunComparer in
            if let judge { return judge }
            let analysis = try pending.map { pending in
                let loaded = try pending.get()
                HistoryWarnings.print(loaded.damage, file: history ?? "")
                return HistoryAnalysis(loaded, window: window)
            }
            let made = RunComparer(
                thresholds: .init(seconds: slowerSeconds, percent: slowerPercent),
                spread: { [analysis] key in analysis?.durationSpread(for: key) })
            judge = made
            return made
        }
        let spilled = SpilledComparer(
            partitions: Self.environmentNumber("RESULTBUNDLE_COMPARE_PARTITIONS"),
            bufferBytes: Self.environmentNumber("RESULTBUNDLE_COMPARE_PARTITION_BYTES"), keep: entriesShown,
            spillingJSON: format == .json)
        // Runs that need every test in memory (docs/COMPARE.md, "Scale") are compared as a whole.
        var comparison =
            try spilled.compare(opening: { try opened(base) }, { try opened(head) }, judge: comparer)
            ?? comparer().compare(base: try RunDigest(opened(base)), head: try RunDigest(opened(head)))
        comparison.coverage = try Self.coverage(base: base, head: head)
        switch format {
        case .text: try StandardOutput.line(ComparisonText.table(comparison))
        case .markdown: try StandardOutput.line(ComparisonText.markdown(comparison, maxBytes: maxBytes - 1))
        case .json:
            try ComparisonText.writeJSON(comparison) { try StandardOutput.write($0) }
            try StandardOutput.write("\n")
        }
        if let plan {
            let stylesheet = try ReportGenerator.stylesheet()
            let title =
                "\(URL(fileURLWithPath: head).lastPathComponent) compared with \(URL(fileURLWithPath: base).lastPathComponent)"
            let summary = ComparisonHTML.header(comparison)
            let header = PageShell.Header(
                verdict: summary.verdict, verdictStatus: summary.verdictStatus,
                counts: summary.counts.map {
                    PageShell.Header.Count(label: $0.label, value: $0.value, status: $0.status, href: $0.href)
                })
            try OutputWriting.produce(plan, shape: .folder, command: "compare") { folder in
                try FileManager.default.createDirectory(
                    at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
                try Data(stylesheet.utf8).write(to: folder.appendingPathComponent("assets/report.css"))
                let page = try PageShell.document(
                    title: title, contentSecurityPolicy: ComparisonHTML.contentSecurityPolicy,
                    stylesheet: .linked(root: ""),
                    bodyHTML: ComparisonHTML.body(comparison, title: title, testHref: testHref(outputFolder: output)),
                    generator: ResultBundleCommand.producer, header: header)
                try Data(page.utf8).write(to: folder.appendingPathComponent("index.html"))
            }
        }
        if try gates().contains(where: { comparison.total($0.keyPath) > 0 }) { throw ExitCode(1) }
    }

    /// Where a test's name links on the page written into `outputFolder`: its page in `--head-report`, by the path
    /// `report` gives it (``ReportPaths/testPage(id:runIndex:)``), when that page is there. A test of one of several
    /// configurations is not linked (its page's name depends on its run's place in the bundle).
    private func testHref(outputFolder: String?) -> (String, String?) -> String? {
        guard let headReport, let outputFolder else { return { _, _ in nil } }
        let report = URL(fileURLWithPath: headReport).standardizedFileURL
        let prefix = Self.relativePath(from: URL(fileURLWithPath: outputFolder).standardizedFileURL, to: report)
        return { test, configuration in
            guard configuration == nil else { return nil }
            let page = ReportPaths.testPage(id: test, runIndex: 0)
            guard FileManager.default.fileExists(atPath: report.appendingPathComponent(page).path) else { return nil }
            return prefix + page
        }
    }

    /// How coverage changed, when both bundles carry it (each side's runs with coverage, merged).
    static func coverage(base: String, head: String) throws -> CoverageComparison? {
        guard let before = try BundleCoverageInput.merged([base]), let after = try BundleCoverageInput.merged([head])
        else { return nil }
        return CoverageComparison(base: before, head: after)
    }

    /// The most entries of a bucket the outputs asked for show: the table's 50, what fits in the Markdown's
    /// `--max-bytes` (a line takes at least 8 bytes), the HTML page's 10,000 (also for the JSON, whose every entry
    /// is kept on disk apart: ``RunComparison/SpilledJSONEntries``).
    var entriesShown: Int? {
        let shown: Int
        switch format {
        case .json: return 10_000
        case .text: shown = 50
        case .markdown: shown = maxBytes / 8 + 1
        }
        return output == nil ? shown : max(shown, 10_000)
    }

    /// A whole number from the environment variable `name`, when it holds one (the partitions of a comparison, which
    /// tests make small).
    static func environmentNumber(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
    }

    /// The relative path from the folder `from` to the folder `to`, ending in `/` (empty when they are the same).
    static func relativePath(from: URL, to: URL) -> String {
        let start = from.pathComponents
        let end = to.pathComponents
        var common = 0
        while common < min(start.count, end.count), start[common] == end[common] { common += 1 }
        let parts = Array(repeating: "..", count: start.count - common) + end[common...]
        return parts.map { $0 + "/" }.joined()
    }
}
