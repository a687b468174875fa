import ArgumentParser
import Foundation
import HTMLReport
import ResultBundle
import ResultModel
import ResultSupport

/// `resultbundle report`: a static HTML report of one or more bundles.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a static HTML report of one or more bundles.",
        discussion: """
            The report is a folder of plain HTML and CSS with a small optional script: it opens from file:// or \
            any static host, works with JavaScript turned off, and loads nothing from the network. Several \
            bundles make one report with a section per run. The folder is written beside its destination and \
            renamed into place when complete.

            Examples:
              resultbundle report run.resultbundle -o site/
              resultbundle report linux.resultbundle macos.resultbundle -o site/
              resultbundle report run.resultbundle -o site/ --source-root .
              resultbundle report run.resultbundle -o site/ --coverage-file lcov.info
              resultbundle report run.resultbundle -o site/ \\
                --source-url 'https://forge.example/org/repo/blob/{commit}/{path}#L{line}'
              resultbundle report run.resultbundle -o site/ --templates my-templates/
              resultbundle report run.resultbundle -o site/ --history main.rbhistory \\
                --run-url 'https://ci.example/reports/{commit}/index.html'
            """
    )

    @Argument(help: "The bundles to report on.")
    var bundles: [String]

    @Option(name: .shortAndLong, help: "The folder to write the report into (with --single-file, the HTML file).")
    var output: String

    @Option(help: "The report's title.")
    var title = "Test report"

    @Flag(help: "Write one self-contained HTML file instead of a folder (for small runs; warns above 5 MB).")
    var singleFile = false

    @Option(help: "A folder of templates overriding the built-in ones (same file names as Templates/).")
    var templates: String?

    @Option(
        help: ArgumentHelp(
            "Where source files are found and paths are shown relative to (default: each run's repository).",
            discussion: "Without it, a run recorded in a git repository uses that repository's top level, else its "
                + "working directory, when the folder is on this machine."))
    var sourceRoot: String?

    @Option(
        help: ArgumentHelp(
            "Link every file:line to the forge: {commit}, {path} and {line} are replaced.",
            discussion: "For example 'https://forge.example/org/repo/blob/{commit}/{path}#L{line}'. {commit} is the "
                + "run's commit (CI metadata, or git at record time); http, https or relative addresses only.",
            valueName: "template"))
    var sourceURL: String?

    @Option(
        name: .customLong("coverage-file"),
        help: ArgumentHelp(
            "A code coverage file to show (lcov, Cobertura, JaCoCo, llvm-cov JSON, Go, coverage.py, Istanbul).",
            discussion: "Repeat it to merge several, also with the bundles' own coverage (hits summed, lines "
                + "unioned). Paths are taken relative to --source-root (default: the current folder), where each "
                + "file's source is read for its page. A bundle's coverage needs no option.",
            valueName: "path"))
    var coverageFiles: [String] = []

    @Option(help: "A history file (history add): trend charts, each test's recent results, and a Flaky page.")
    var history: String?

    @Option(
        help: ArgumentHelp(
            "With --history: where each run's own report is, to link the strips and trend bars to it.",
            discussion: "{commit}, {branch}, {name} and {number} (the run's place in the history) are replaced, "
                + "percent-encoded; http, https or relative addresses only.",
            valueName: "template"))
    var runURL: String?

    @Flag(help: "With --history: count runs made with uncommitted changes in the labels, strips and Flaky page.")
    var includeDirty = false

    @Flag(help: "Replace OUT even when it holds files resultbundle did not write (never ., its parents or ~).")
    var force = false

    @OptionGroup var quietOption: QuietOption

    @OptionGroup(title: "Performance baselines")
    var baselineOptions: BaselineOptions

    func validate() throws {
        guard !bundles.isEmpty else { throw ValidationError("Name at least one bundle to report on.") }
        if runURL != nil && history == nil { throw ValidationError("--run-url links a history's runs; add --history.") }
    }

    func run() throws {
        let inputs = bundles + coverageFiles + [templates, sourceRoot, history].compactMap { $0 }
        let shape: OutputShape = singleFile ? .document(.singleFileReport) : .folder
        let plan = try OutputRules(shape: shape, force: force, inputs: inputs, suggestedName: "report.html").plan(
            for: output)
        let opened = try bundles.map { try BundleOpening.open($0, quiet: quietOption.quiet, limits: .display) }
        let coverage = try ReportCoverage.coverage(
            bundles: opened, files: coverageFiles, sourceRoot: sourceRoot, quiet: quietOption.quiet)
        var reportHistory = try history.map {
            try HistoryAnnotations.reportHistory($0, runURL: runURL, includeDirty: includeDirty)
        }
        if let history, opened.count == 1 {
            reportHistory?.runNumber = try HistoryAnnotations.runNumber(of: opened[0], in: history)
        }
        let readers = try baselineOptions.judged(opened)
        let summary = try OutputWriting.produce(plan, shape: shape, command: "report") { temporary in
            var options = ReportOptions(
                title: title, outputDirectory: temporary, singleFile: singleFile,
                templatesDirectory: templates.map { URL(fileURLWithPath: $0) },
                sourceRoot: sourceRoot.map { URL(fileURLWithPath: $0) })
            options.generator = ResultBundleCommand.producer
            options.history = reportHistory
            options.sourceURL = sourceURL
            return try ReportGenerator(options: options).generate(
                from: readers, coverage: coverage?.source, coverageRoot: coverage?.root)
        }
        for warning in summary.warnings { StandardError.humanLine("warning: \(warning)") }
        if !quietOption.quiet {
            let page = singleFile ? output : Self.file("index.html", in: output)
            try OutputWriting.status(
                "\(page): \(Counted.noun(summary.testCount, "test")), \(Counted.noun(summary.filesWritten, "file")), "
                    + "\(NumberText.size(Int(summary.bytesWritten))) (index \(NumberText.size(Int(summary.indexBytes))))",
                besides: plan)
        }
    }

    /// `name` inside the folder the user named, as they wrote it (`site/` gives `site/index.html`).
    static func file(_ name: String, in folder: String) -> String {
        var folder = folder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return folder == "/" ? "/" + name : folder + "/" + name
    }
}
