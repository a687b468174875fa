import ArgumentParser
import Foundation
import JUnitExport
import ResultBundle

/// `resultbundle summary`: Markdown for job summaries and pull-request comments.
struct SummaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Write a Markdown summary for job summaries and pull-request comments.",
        discussion: """
            GitHub-flavored Markdown: a verdict line, a counts table per run, failed tests with file:line and \
            each distinct issue of a failed test with its details, performance regressions, and a link to the \
            HTML report. A run with no test is a warning (with --fail-on-empty, exit 5), and so are listed tests \
            that did not run. It stays under --max-bytes (GitHub: 1048576 per step summary, 65535 per check \
            run); what does not fit is counted, not cut mid-entry.

            Examples:
              resultbundle summary run.resultbundle >> "$GITHUB_STEP_SUMMARY"
              resultbundle summary run.resultbundle -o comment.md --max-bytes 65535
              resultbundle summary run.resultbundle --report-url https://ci.example/report/
            """
    )

    @Argument(help: "The bundles to summarize.")
    var bundles: [String]

    @Option(name: .shortAndLong, help: "Where to write the Markdown (default, or -: standard output).")
    var output = "-"

    @Option(help: "The largest summary to write, in bytes.")
    var maxBytes = 1_048_576

    @Option(help: "The HTML report's address, linked from the summary.")
    var reportURL: String?

    @Option(help: "A history file (history add): label failures (new, failing since) and list the flakiest tests.")
    var history: String?

    @Flag(help: "With --history: count runs made with uncommitted changes in the labels and the flaky list.")
    var includeDirty = false

    @Option(help: "What paths are shown relative to (default: each run's repository, as the report does).")
    var sourceRoot: String?

    @Option(
        help: ArgumentHelp(
            "Link every file:line to the forge: {commit}, {path} and {line} are replaced (as report's).",
            valueName: "template"))
    var sourceURL: String?

    @Flag(help: "Exit \(EmptyRun.exitCode) when the bundles hold no test (after writing the summary, which says so).")
    var failOnEmpty = false

    @Flag(help: "Replace an existing file even when it does not look like this command's output.")
    var force = false

    @OptionGroup(title: "Performance baselines")
    var baselineOptions: BaselineOptions

    @OptionGroup(title: "Code coverage")
    var coverageOptions: CoverageSummaryOptions

    func validate() throws {
        guard !bundles.isEmpty else { throw ValidationError("Name at least one bundle to summarize.") }
        guard maxBytes >= 512 else { throw ValidationError("--max-bytes must be at least 512.") }
    }

    func run() throws {
        let plan = try OutputRules(
            shape: .document(.markdownSummary), force: force, inputs: bundles, suggestedName: "summary.md"
        ).plan(for: output)
        let readers = try baselineOptions.judged(bundles.map { try BundleOpening.open($0, limits: .display) })
        let markdown: String
        let coverage = try coverageOptions.section(
            bundles: bundles, sourceRoot: sourceRoot ?? FileManager.default.currentDirectoryPath)
        let coverageBytes = coverage?.markdown.utf8.count ?? 0
        var summary = MarkdownSummary(
            maxBytes: max(512, maxBytes - MarkdownSummaryMarker.line.utf8.count - coverageBytes), reportURL: reportURL)
        summary.sourceRoot = sourceRoot.map {
            URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                .standardizedFileURL.path
        }
        if let sourceURL { try summary.setSourceURL(sourceURL) }
        if let history { try HistoryAnnotations.annotate(&summary, history: history, includeDirty: includeDirty) }
        markdown = MarkdownSummaryMarker.line + (try summary.render(readers)) + (coverage?.markdown ?? "")
        try OutputWriting.write(Data(markdown.utf8), plan)
        if failOnEmpty, try EmptyRun.holdsNoTest(readers) {
            StandardError.print("resultbundle: no tests ran (--fail-on-empty)")
            throw ExitCode(EmptyRun.exitCode)
        }
        for failure in coverage?.failures ?? [] { StandardError.humanLine("error: \(failure)") }
        if coverage?.failures.isEmpty == false { throw ExitCode(1) }
    }
}
