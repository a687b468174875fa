import Foundation
import ResultBundle
import ResultImport
import ResultModel
import ResultSupport

/// Runs a test command, passes its output through live, parses it as it streams and writes every finished test
/// to a bundle before reading more of the output, so a killed `record` still leaves every test that had finished.
///
/// The tests that end in one read of the command's output are written together, as one compressed batch (a group
/// commit): a fast command's reads are large, so its batches compress as well as an import's, and a slow one's
/// tests reach the file as they end (docs/RECORDING.md).
struct RecordSession {
    /// What the command and the recording came to.
    struct Outcome {
        var exitCode: Int32
        /// The signal `record` received and passed on to the command, when it was cancelled.
        var signal: Int32?
        var totals: ResultTotals
        var diagnostics: [Diagnostic]
        /// Measurements that failed against their baselines (each failed its test unless advisory).
        var performanceFailures = 0
        /// What judging against baselines found.
        var baselineNotes: [String] = []
        /// The result files the command wrote, imported when it ended (`--results`).
        var resultFiles: FileImportResults?
        /// The run's coverage totals, when coverage was recorded.
        var coverageTotals: CoverageTotals?
    }

    let command: [String]
    let runName: String?
    let usesEventStream: Bool
    let signals: SignalForwarder
    /// The baselines to judge measurements against, when any.
    var baselines: BaselineJudgement?
    /// Where the command writes result files of its own (`--results`), when any.
    var resultFiles: ResultFileWatch?
    /// Whether a `swift test` command's tests are listed too (`swift test list`), for the modules of XCTest tests.
    var listsTests = true
    /// The coverage to record (`--coverage`, `--coverage-file`), when any.
    var coverage: RecordedCoverage?
    /// How a line of `swift test`'s output says its build is done.
    static let buildComplete = Array("Build complete!".utf8)

    /// Records into the bundle at `url` (written in place: the file is crash-safe while it grows).
    func run(writingTo url: URL) throws -> Outcome {
        // The reader and the writer free large buffers on two threads; they go back to the system (docs/IMPORT.md).
        LargeAllocations.giveBackWhenFreed()
        let scratchFolder = try ScratchFolder.make(purpose: "record")
        let scratch = scratchFolder.url
        defer { scratchFolder.remove() }

        var arguments = coverage?.swiftTest == true ? SwiftTestCoverage.enablingCoverage(in: command) : command
        var eventStream: URL?
        if usesEventStream && SwiftTestInvocation.isSwiftTest(command) {
            let added = SwiftTestInvocation.addingEventStream(
                to: arguments,
                eventStreamFile: scratch.appendingPathComponent("events.jsonl"),
                attachmentsDirectory: scratch.appendingPathComponent("attachments"))
            arguments = added.arguments
            eventStream = added.eventStream
            try? FileManager.default.createDirectory(at: added.attachments, withIntermediateDirectories: true)
        }

        let writer = try BundleWriter(creating: url, flushPolicy: .batched)
        let journals = scratch.appendingPathComponent("journals")
        try FileManager.default.createDirectory(at: journals, withIntermediateDirectories: true)
        let collector = JournalCollector(directory: journals)
        // Recorded data joins each test first, then its measurements are judged, then it is counted and written.
        let counting = CountingSink(wrapping: writer)
        let judging = baselines.map { $0.sink(wrapping: counting) }
        let enriching = EnrichingSink(wrapping: RunEndFactsSink(wrapping: judging ?? counting), collector: collector)
        // `swift test list` gives XCTest tests their modules; they wait for it in memory (docs/RECORDING.md).
        let listing = listsTests ? BackgroundTestListing(testCommand: command) : nil
        let resolving = ModuleResolvingSink(wrapping: enriching, listed: nil, waiting: listing != nil)
        let sink = resolving
        let runIndex = try sink.beginRun(RunMetadata.forRecordedCommand(command, name: runName))
        try writer.flush()
        let options = ConsoleParseOptions(fileName: "<console>", ignoresSwiftTesting: eventStream != nil)
        let console = ConsoleLogParser(sink: sink, runIndex: runIndex, options: options)
        let events = eventStream.map { LiveEventStream(file: $0, sink: sink, runIndex: runIndex) }
        var diagnostics: [Diagnostic] = []
        var lineNumber = 0
        let lock = NSLock()
        var commitError: (any Error)?
        // Called with the lock held. After the lines of each read, the tests they ended start on their way to the
        // file; before a read that would wait for the command, they are made durable (docs/RECORDING.md).
        let record = { (write: () throws -> Void) in
            guard commitError == nil else { return }
            do { try write() } catch { commitError = error }
        }
        let commit = {
            collector.markStale()
            record { try writer.startFlush() }
        }
        let settle = { record { try writer.flush() } }
        var listingOutcome = BackgroundTestListing.Outcome()
        let startListing = {
            listing?.start { outcome in
                lock.lock()
                defer { lock.unlock() }
                listingOutcome = outcome
                record { try resolving.supply(outcome.listed) }
                commit()
                settle()
            }
        }
        // Called with the lock held: the first test that waits starts the list, if the build's end was not seen.
        resolving.onFirstHeld = { startListing() }
        // A command that skips its build has no build's end to wait for; the list still waits for its first line,
        // by which the command holds the build folder's lock: the list ignores the lock, but taking it first
        // would make the command itself wait for the list ("Another instance of SwiftPM is already running").
        let skipsBuild = BackgroundTestListing.skipsBuild(command)

        var environment = ProcessInfo.processInfo.environment
        environment["RESULTBUNDLE_JOURNAL_DIR"] = journals.path
        let process = PassthroughProcess(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: arguments,
            environment: environment,
            signals: signals,
            lock: lock,
            onLine: { line, _ in
                lineNumber += 1
                if listing != nil, skipsBuild ? lineNumber == 1 : line.starts(with: Self.buildComplete) {
                    startListing()
                }
                do {
                    try console.consume(line, lineNumber: lineNumber)
                } catch {
                    diagnostics.append(Diagnostic(severity: .error, message: "\(error)", line: lineNumber))
                }
            },
            onChunkEnd: commit,
            onIdle: settle)
        events?.start(lock: lock) {
            commit()
            settle()
        }
        let resultFilesBefore = resultFiles?.snapshot()
        let commandStart = Date()
        let exitCode: Int32
        do {
            exitCode = try process.run()
        } catch {
            throw CLIError("cannot run \(command.joined(separator: " ")): \(error.localizedDescription)")
        }
        events?.stop()
        if signals.receivedSignal == nil {
            // A run whose build's end was never seen but which ran tests (swift-testing's only) is listed now.
            lock.lock()
            let ranTests = counting.totals.tests > 0
            lock.unlock()
            if ranTests { startListing() }
            listing?.finish(waitingAtMost: 60)
        } else {
            listing?.finish(waitingAtMost: 0, because: "record was cancelled")
        }
        lock.lock()
        defer { lock.unlock() }
        if let commitError { throw commitError }
        let signal = signals.receivedSignal
        diagnostics += try events?.finish(interrupted: signal != nil, crash: console.crashIssueOutsideTests) ?? []
        // Like `import`: each test's lines are in its record, and the lines outside tests are the run's output.
        var (summary, output) = try console.finish(interrupted: signal != nil)
        if let events, events.testCount > 0 { summary.reportedCounts["swiftTesting.parsed"] = events.testCount }
        diagnostics += summary.diagnostics
        if resolving.isWaiting { try resolving.supply(nil) }
        // The result files the command wrote are complete once it has ended.
        let pickedUp = try resultFiles.map { watch in
            let importer = ResultImporter(sink: sink, runIndex: runIndex)
            importer.ignoresSwiftTestingConsole = eventStream != nil
            return try watch.importWritten(since: resultFilesBefore ?? [:], with: importer)
        }
        diagnostics += pickedUp?.diagnostics ?? []
        diagnostics += collector.leftovers()
        diagnostics += listingOutcome.diagnostics + resolving.notes
        let coverageRead =
            signal == nil ? coverage?.read(command: command, since: commandStart, scratch: scratch) : nil
        diagnostics += coverageRead?.diagnostics ?? []
        try sink.endRun(
            runIndex,
            RunEnd(
                end: Date().timeIntervalSince1970, exitCode: exitCode, output: output,
                diagnostics: diagnostics,
                reportedCounts: summary.reportedCounts.merging(listingOutcome.reportedCounts) { _, listed in listed },
                interruption: signal.map(SignalName.of), wallClock: Self.wallClock(summary, events?.wallClock)
            ))
        if let coverageRead { try CoverageImportStep.store(coverageRead.coverage, runIndex: runIndex, in: writer) }
        try writer.close()
        var outcome = Outcome(exitCode: exitCode, signal: signal, totals: counting.totals, diagnostics: diagnostics)
        outcome.coverageTotals = coverageRead.flatMap { $0.readFiles.isEmpty ? nil : $0.coverage.totals }
        outcome.resultFiles = pickedUp
        if let judging, !judging.isAdvisory { outcome.performanceFailures = judging.failures }
        outcome.baselineNotes = judging.map(BaselineJudgement.notes) ?? []
        return outcome
    }

    /// The runs' wall clocks as the console's summary lines and the event stream said, added up (the console's
    /// swift-testing lines are skipped when the event stream is read, so nothing counts twice); `nil` when the
    /// console held tests whose time no line said (`swift test --parallel` prints no XCTest summary), since the
    /// event stream's part alone would make the run look shorter than it was.
    private static func wallClock(_ console: ConsoleParseSummary, _ events: Double?) -> Double? {
        if console.testCount > 0, console.wallClock == nil { return nil }
        guard console.wallClock != nil || events != nil else { return nil }
        return (console.wallClock ?? 0) + (events ?? 0)
    }
}
