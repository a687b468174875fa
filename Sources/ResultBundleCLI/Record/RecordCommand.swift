import ArgumentParser
import Foundation
import PerformanceBaselines
import ResultSupport

/// `resultbundle record`: runs a test command and records its results into a bundle as they happen.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Run a test command, show its output live, and write its results to a bundle.",
        discussion: """
            The command's standard output and error pass through unchanged. Its output is parsed as it streams \
            (XCTest and swift-testing console output) and each finished test is written to the bundle at once, \
            so a killed record still leaves every test that had finished. For `swift test`, swift-testing's JSON \
            event stream and attachments are captured too (unless --no-event-stream), and swift-testing results \
            come from it rather than from the console; and `swift test list --skip-build` runs beside the tests once \
            the build is done, so XCTest tests get their module with and without --parallel alike, and the run keeps \
            how many tests were listed (unless --no-test-list; docs/RECORDING.md). Tests that use the \
            ResultRecorder library add their steps, attachments, terminal snapshots and measurements. \
            Measurements are judged against the baselines of this machine (--baselines, or ./PerformanceBaselines \
            when it exists; docs/BASELINES.md). record exits with the command's own exit code, or 1 when the \
            command passed but a measurement regressed, or 5 when it passed but ran no test (a filter that matched \
            nothing; --allow-empty accepts it).

            The command runs in its own process group. SIGINT, SIGTERM and SIGHUP sent to record (or to its \
            group) are passed on to the command's group; after --grace-period seconds the group gets SIGKILL. \
            The bundle is then closed with its index, the run is marked interrupted with the signal's name, and \
            record exits with 128 + the signal's number. Nothing the command started outlives record.

            When OUT already exists, the new bundle is written beside it and renamed over it at the end, so an \
            interrupted record never damages a bundle that was there.

            Other test runners write their results to files: --results PATH (a file, a folder or a quoted glob; \
            repeatable) names them, and --results auto looks where known runners write theirs (pytest's \
            --junitxml argument, target/surefire-reports, build/test-results, jest-junit's junit.xml). The files \
            written or changed during the run are imported into the recording when the command ends, as import \
            reads them (docs/RECORDING.md). When no test was recognised, record says where it looked.

            --coverage records code coverage (docs/COVERAGE.md): a swift test command runs with \
            --enable-code-coverage, and the coverage JSON SwiftPM exports (where swift test --show-codecov-path \
            says) is stored as the run's coverage, its paths relative to --source-root (default: the current \
            folder). Any other command names the coverage files it writes with --coverage-file PATH (a file, a \
            folder or a quoted glob; repeatable; any format import reads).

            Examples:
              resultbundle record -- swift test
              resultbundle record -o linux.resultbundle --name linux -- swift test -j 4
              resultbundle record -o unit.resultbundle -- swift test --filter UnitTests
              resultbundle record --results r.xml -- pytest --junitxml=r.xml
              resultbundle record --coverage -o run.resultbundle -- swift test
              resultbundle record --coverage-file coverage -- npx jest --coverage
            """
    )

    @Option(name: .shortAndLong, help: "The bundle to write.")
    var output = "TestResults.resultbundle"

    @Option(help: "A name for the run (a configuration or shard name).")
    var name: String?

    @Flag(help: "Do not capture swift-testing's JSON event stream; parse its console output instead.")
    var noEventStream = false

    @Flag(help: "Do not list a swift test command's tests (swift test list) for the modules of XCTest tests.")
    var noTestList = false

    @Option(help: "Seconds the command gets to end after a forwarded SIGINT, SIGTERM or SIGHUP before SIGKILL.")
    var gracePeriod: Double = 10

    @Flag(help: "Replace OUT even when it is a file that is not a bundle.")
    var force = false

    @Flag(help: "Print no summary after the command ends.")
    var quiet = false

    @Flag(help: "Exit 0 when the command passed but ran no test (by default an empty run exits 5).")
    var allowEmpty = false

    @OptionGroup(title: "Performance baselines")
    var baselineOptions: BaselineOptions

    @OptionGroup(title: "Result files of other test runners")
    var resultFileOptions: ResultFileOptions

    @Flag(
        help: ArgumentHelp(
            "Record code coverage: a swift test command runs with --enable-code-coverage and SwiftPM's coverage "
                + "JSON is stored; other commands name their coverage files with --coverage-file."))
    var coverage = false

    @OptionGroup(title: "Code coverage")
    var coverageOptions: CoverageOptions

    @Argument(parsing: .postTerminator, help: "The test command and its arguments, after --.")
    var command: [String] = []

    func validate() throws {
        guard gracePeriod >= 0, gracePeriod.isFinite else {
            throw ValidationError("--grace-period must be a number of seconds, 0 or more.")
        }
        guard !command.isEmpty else {
            throw ValidationError("Give the test command after --, for example: resultbundle record -- swift test")
        }
    }

    func run() throws {
        let plan = try OutputRules(shape: .bundle, force: force).plan(for: output)
        // Signals are caught from here on: a cancellation before the command starts still closes the bundle.
        let signals = try SignalForwarder(gracePeriod: gracePeriod)
        var session = RecordSession(
            command: command, runName: name, usesEventStream: !noEventStream, signals: signals)
        session.baselines = try baselineOptions.judgement()
        session.resultFiles = resultFileOptions.watch(
            command: command, environment: ProcessInfo.processInfo.environment)
        session.listsTests = !noTestList
        if coverage || !coverageOptions.coverageFiles.isEmpty {
            session.coverage = RecordedCoverage(
                swiftTest: coverage, places: coverageOptions.places, sourceRoot: coverageOptions.root)
        }
        // The test process's recorder judges its measurements against the same baselines (docs/BASELINES.md).
        if let location = baselineOptions.location {
            setenv(BaselineLocation.environmentVariable, location.url.standardizedFileURL.path, 1)
        }
        if let label = baselineOptions.machineLabel { setenv(BaselineLocation.labelEnvironmentVariable, label, 1) }
        let outcome: RecordSession.Outcome
        switch plan {
        case .standardOutput:
            throw CLIError(
                "record shows the test command's output on standard output, so its bundle cannot go there: "
                    + "name a file with -o")
        case .replace(let destination) where PathEntry(destination) == nil:
            // Nothing is there: the bundle grows in place, crash-safe, so a killed record leaves its tests.
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            outcome = try session.run(writingTo: destination)
        default:
            outcome = try OutputWriting.produce(plan, shape: .bundle, command: "record") {
                try session.run(writingTo: $0)
            }
        }
        if !quiet {
            let totals = outcome.totals
            let ending =
                outcome.signal.map { "cancelled by \(SignalName.of($0))" } ?? "command exited \(outcome.exitCode)"
            StandardError.humanLine(
                "resultbundle: \(output): \(Counted.noun(totals.tests, "test")), \(totals.passed) passed, \(totals.failed) failed, "
                    + "\(totals.skipped) skipped (\(ending))")
        }
        if !quiet, let coverage = outcome.coverageTotals {
            StandardError.humanLine("resultbundle: coverage: \(CoverageText.lines(coverage))")
        }
        for diagnostic in outcome.diagnostics where diagnostic.message.hasPrefix("coverage: ") {
            StandardError.humanLine("resultbundle: \(diagnostic.description)")
        }
        for note in outcome.baselineNotes { StandardError.humanLine("resultbundle: \(note)") }
        RecordResultFilesReport(watch: session.resultFiles, outcome: outcome, quiet: quiet).print()
        // Cancelled: 128 + the signal, as a shell reports a process that signal ended.
        if let signal = outcome.signal { throw ExitCode(128 + signal) }
        if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
        // The command passed, but a measurement failed against its baseline: the run failed, as in XCTest.
        if outcome.performanceFailures > 0 { throw ExitCode(1) }
        if outcome.totals.tests == 0 && !allowEmpty {
            StandardError.print(
                "resultbundle: no tests ran; an empty run exits \(EmptyRun.exitCode) (--allow-empty accepts it)")
            throw ExitCode(EmptyRun.exitCode)
        }
    }
}
