import ArgumentParser
import Foundation
import PerformanceBaselines
import ResultBundle
import ResultImport
import ResultModel
import ResultSupport
import TestSharding

extension ImportFormat: ExpressibleByArgument {
    /// Each format's one line, from the registry, so `import --help` lists every format read.
    public static var allValueDescriptions: [String: String] {
        var descriptions = ["auto": "detect each input's format from its content (the default)"]
        for format in FormatRegistry.formats { descriptions[format.name.rawValue] = format.summary }
        return descriptions
    }
}

/// `resultbundle import`: turns files a test run left behind into a bundle.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Convert test results (console logs, event streams, JUnit XML, each framework's own format) into a bundle.",
        discussion: """
            Every file goes into one run of the output bundle, but for an input of several configurations (an \
            .xcresult bundle or xcresulttool JSON tested on several destinations or test plan configurations, a \
            Playwright report of several projects), which gets one run for each. The \
            format of each file (or results folder) is detected from its content unless --format says it. A \
            file that is not test output is reported and skipped; the others are still imported (the exit code \
            is then 1). When an event stream is among the inputs, \
            swift-testing lines of console logs are skipped so no test is counted twice.

            JUnit XML attaches files through [[ATTACHMENT|path]] lines of a test case's system-out or system-err \
            and its "attachment" properties. Paths are relative to the XML file's folder, or to \
            --attachments-root DIR when given (standard input needs it); a file is stored only when it is a \
            regular file inside that folder once symbolic links are resolved. Anything else (a ../ escape, an \
            absolute path or a link leading out, a missing file, a folder or FIFO, a file over the bundle's blob \
            limit) is a warning naming the XML file, the line and the path, and the import goes on. The lines \
            stay in the test's output.

            Code coverage among the inputs (lcov, Cobertura, JaCoCo, llvm-cov JSON, Go coverprofiles, coverage.py \
            and Istanbul JSON; docs/COVERAGE.md) is detected from its content and stored as the run's coverage: \
            several files are merged (hits summed, lines unioned), paths are taken relative to --source-root \
            (default: the current folder) and coverage of files outside it is skipped with a warning. \
            --coverage-file PATH adds coverage files explicitly (a file, a folder or a glob).

            --test-list FILE names the tests that exist, as `swift test list` prints them (save its output where \
            the tests run: swift test list --skip-build > tests.txt). XCTest tests that a console log names \
            without their module (XCTest on Linux without --parallel) then get the module the list gives them, so \
            logs of the same code have the same test ids with and without --parallel; a test that several modules \
            list keeps no module (a note says which). The run also keeps how many tests each framework listed \
            (docs/IMPORT.md).

            Examples:
              resultbundle import swift-test.log -o run.resultbundle
              swift test 2>&1 | resultbundle import - -o run.resultbundle
              resultbundle import build/test-results/*.xml -o j.resultbundle --name java17
              resultbundle import console.log events.jsonl -o run.resultbundle
              resultbundle import junit.xml --attachments-root shots -o ui.resultbundle
              resultbundle import swift-test.log --test-list tests.txt -o run.resultbundle
              resultbundle import junit.xml coverage.info -o run.resultbundle
              resultbundle import junit.xml --coverage-file cov/ -o run.resultbundle
            """
    )

    @Argument(help: "The files to import; - reads standard input.")
    var files: [String]

    @Option(name: .shortAndLong, help: "The bundle to write.")
    var output: String

    @Option(help: "The input format.")
    var format: ImportFormat = .auto

    @Option(help: "A name for the run (a configuration or shard name).")
    var name: String?

    @Option(
        help: ArgumentHelp(
            "The folder JUnit attachments must lie in and relative paths resolve against (default: each XML file's "
                + "folder).", valueName: "dir"))
    var attachmentsRoot: String?

    @Option(
        help: ArgumentHelp(
            "The saved output of `swift test list`: gives module-less XCTest tests their module.", valueName: "file"))
    var testList: String?

    @Flag(help: "Record this machine as the run's (the tests ran here: an import right after the test command).")
    var thisMachine = false

    @Flag(help: "Replace OUT even when it is a file that is not a bundle.")
    var force = false

    @OptionGroup var quietOption: QuietOption

    @OptionGroup(title: "Performance baselines")
    var baselineOptions: BaselineOptions

    @OptionGroup(title: "Code coverage")
    var coverageOptions: CoverageOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one file to import, or - for stdin.") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("Standard input (-) can be read once.") }
        if let attachmentsRoot {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: attachmentsRoot, isDirectory: &isFolder), isFolder.boolValue
            else {
                throw ValidationError(
                    "--attachments-root \(attachmentsRoot) is not a folder; name the folder the attachments are in.")
            }
        }
    }

    func run() throws {
        let plan = try OutputRules(
            shape: .bundle, force: force,
            inputs: files + (testList.map { [$0] } ?? []) + coverageOptions.places.flatMap(CoverageInputs.files)
        )
        .plan(for: output)
        let listed = try testList.map(TestListFile.read)
        let outcome = try OutputWriting.produce(plan, shape: .bundle, command: "import") { temporary in
            var action = ImportAction(
                files: files, format: format, runName: name, host: thisMachine ? HostProbe.current() : HostInfo(),
                attachmentsRoot: attachmentsRoot.map { URL(fileURLWithPath: $0) },
                baselines: try baselineOptions.judgement())
            action.listed = listed
            action.coverageFiles = coverageOptions.places.flatMap(CoverageInputs.files)
            action.sourceRoot = coverageOptions.root
            let outcome = try action.run(into: temporary)
            if outcome.importedFiles == 0 {
                for failure in outcome.failures { StandardError.humanLine("error: \(failure)") }
                throw CLIError("no input could be imported; \(output) was not written")
            }
            return outcome
        }
        // `file:line: warning: message` (the diagnostic names its own severity). Inputs that failed as a whole are
        // listed as failures below, not twice.
        for diagnostic in outcome.diagnostics where diagnostic.severity == .warning {
            StandardError.humanLine(diagnostic.description)
        }
        for damage in outcome.damage { StandardError.humanLine(damage.description) }
        for failure in outcome.failures { StandardError.humanLine("error: \(failure)") }
        if !quietOption.quiet {
            let totals = outcome.totals
            try OutputWriting.status(
                "\(output): \(Counted.noun(totals.tests, "test")) (\(totals.passed) passed, \(totals.failed) failed, "
                    + "\(totals.skipped) skipped) from \(outcome.importedFiles) of \(Counted.noun(files.count, "file"))"
                    + " (\((outcome.formats.map(\.rawValue) + (outcome.coverageTotals == nil ? [] : ["coverage"])).joined(separator: ", ")))",
                besides: plan)
        }
        if !quietOption.quiet, let coverage = outcome.coverageTotals {
            try OutputWriting.status("coverage: \(CoverageText.lines(coverage))", besides: plan)
        }
        for note in outcome.baselineNotes { StandardError.humanLine("note: \(note)") }
        // Damaged input (an input skipped, or read only up to where it broke) is exit 1, as the README says.
        if !outcome.failures.isEmpty || !outcome.damage.isEmpty { throw ExitCode(1) }
    }
}

/// Imports files into a new bundle at a given path.
struct ImportAction {
    struct Outcome {
        var importedFiles = 0
        /// The formats the files were read as, each once.
        var formats: [ImportFormat] = []
        var failures: [String] = []
        /// Errors inside inputs that were imported up to where they broke (a cut-off or malformed file).
        var damage: [Diagnostic] = []
        var diagnostics: [Diagnostic] = []
        var totals = ResultTotals()
        /// What judging the measurements against baselines found (machines without baselines, regressions).
        var baselineNotes: [String] = []
        /// The run's coverage totals, when coverage was among the inputs.
        var coverageTotals: CoverageTotals?
    }

    let files: [String]
    let format: ImportFormat
    let runName: String?
    /// The machine the tests ran on, when known.
    var host = HostInfo()
    /// The folder JUnit attachments must lie in; `nil` is each file's own folder.
    var attachmentsRoot: URL?
    /// The baselines to judge measurements against, when any.
    var baselines: BaselineJudgement?
    /// The tests `swift test list` named (`--test-list`), when given.
    var listed: ListedTests?
    /// Coverage files named on their own (`--coverage-file`); coverage among `files` is found by its content.
    var coverageFiles: [String] = []
    /// The folder coverage paths are taken relative to.
    var sourceRoot = FileManager.default.currentDirectoryPath

    func run(into url: URL) throws -> Outcome {
        // The parser and the writer free large buffers on two threads; they go back to the system (docs/IMPORT.md).
        LargeAllocations.giveBackWhenFreed()
        let writer = try BundleWriter(creating: url, flushPolicy: .batched)
        let counting = CountingSink(wrapping: writer)
        // Measurements are judged before they are counted, so a regression counts as a failure.
        let judging = baselines.map { $0.sink(wrapping: counting) }
        // Parsing stays on this thread; encoding and compressing the records run on the other cores.
        // The run's end gets the wall clock its tests covered and the hashes of the files its issues point into.
        let background = BackgroundSink(wrapping: RunEndFactsSink(wrapping: judging ?? counting))
        let resolving = listed.map { ModuleResolvingSink(wrapping: background, listed: $0) }
        let sink: any ResultSink = resolving ?? background
        let run = RepositoryFacts.noting(
            uncommittedChangesIn: FileManager.default.currentDirectoryPath,
            on: RunRecord(
                name: runName,
                producer: ResultBundleCommand.producer,
                source: "import",
                start: Date().timeIntervalSince1970,
                host: host,
                inputs: files
            ))
        let runIndex = try sink.beginRun(run)
        let importer = ResultImporter(sink: sink, runIndex: runIndex)
        importer.attachmentsRoot = attachmentsRoot
        importer.maxAttachmentBytes = writer.limits.maxBlobBytes
        // An input with several configurations (devices, test plan configurations) gets one run for each, named
        // after it (and after `--name`), beside the import's own run, which keeps the diagnostics.
        importer.beginConfigurationRun = { configuration in
            var configurationRun = run
            configurationRun.name = runName.map { "\($0) \(configuration)" } ?? configuration
            return try sink.beginRun(configurationRun)
        }
        importer.ignoresSwiftTestingConsole =
            format == .eventStream
            || files.contains { $0 != "-" && (try? ResultImporter.detectFormat(ofFile: $0)) == .eventStream }
        let coverageInputs = files.filter(CoverageInputs.isCoverage)
        let imported = try FileImportResults.importing(
            files.filter { !coverageInputs.contains($0) }, format: format, with: importer)
        let coverage = CoverageImportStep(files: coverageInputs + coverageFiles, sourceRoot: sourceRoot).read()
        var outcome = Outcome(
            importedFiles: imported.importedFiles.count + coverage.readFiles.count, formats: imported.formats,
            failures: imported.failures + coverage.failures, damage: imported.damage)
        var end = RunEnd(
            end: nil, output: imported.output, diagnostics: imported.diagnostics + coverage.diagnostics,
            reportedCounts: imported.reportedCounts)
        end.wallClock = imported.wallClock
        if let listed {
            end.reportedCounts.merge(listed.reportedCounts) { _, listed in listed }
            end.diagnostics += resolving?.notes ?? []
        }
        end.end = Date().timeIntervalSince1970
        for configuration in importer.configurationRuns {
            try sink.endRun(configuration.index, RunEnd(end: end.end))
        }
        try sink.endRun(runIndex, end)
        try background.drain()
        try CoverageImportStep.store(coverage.coverage, runIndex: runIndex, in: writer)
        try writer.close()
        outcome.diagnostics = end.diagnostics
        outcome.totals = counting.totals
        outcome.coverageTotals = coverage.readFiles.isEmpty ? nil : coverage.coverage.totals
        outcome.baselineNotes = judging.map(BaselineJudgement.notes) ?? []
        return outcome
    }
}
