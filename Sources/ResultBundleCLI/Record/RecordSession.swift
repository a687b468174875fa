import Foundation
import ResultBundle
import ResultImport
import ResultModel

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
    }

    let command: [String]
    let runName: String?
    let usesEventStream: Bool
    let signals: SignalForwarder
    /// The baselines to judge measurements against, when any.
    var baselines: BaselineJudgement?

    /// Records into the bundle at `url` (written in place: the file is crash-safe while it grows).
    func run(writingTo url: URL) throws -> Outcome {
        let scratchFolder = try ScratchFolder.make(purpose: "record")
        let scratch = scratchFolder.url
        defer { scratchFolder.remove() }

        var arguments = command
        var eventStream: URL?
        if usesEventStream && SwiftTestInvocation.isSwiftTest(command) {
            let added = SwiftTestInvocation.addingEventStream(
                to: command,
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
        let sink = EnrichingSink(wrapping: RunEndFactsSink(wrapping: judging ?? counting), collector: collector)
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
        let exitCode: Int32
        do {
            exitCode = try process.run()
        } catch {
            throw CLIError("cannot run \(command.joined(separator: " ")): \(error.localizedDescription)")
        }
        events?.stop()
        lock.lock()
        defer { lock.unlock() }
        if let commitError { throw commitError }
        let signal = signals.receivedSignal
        diagnostics += try events?.finish(interrupted: signal != nil) ?? []
        // Like `import`: each test's lines are in its record, and the lines outside tests are the run's output.
        let (summary, output) = try console.finish(interrupted: signal != nil)
        diagnostics += summary.diagnostics
        diagnostics += collector.leftovers()
        try sink.endRun(
            runIndex,
            RunEnd(
                end: Date().timeIntervalSince1970, exitCode: exitCode, output: output,
                diagnostics: diagnostics, reportedCounts: summary.reportedCounts,
                interruption: signal.map(SignalName.of), wallClock: Self.wallClock(summary.wallClock, events?.wallClock)
            ))
        try writer.close()
        var outcome = Outcome(exitCode: exitCode, signal: signal, totals: counting.totals, diagnostics: diagnostics)
        if let judging, !judging.isAdvisory { outcome.performanceFailures = judging.failures }
        outcome.baselineNotes = judging.map(BaselineJudgement.notes) ?? []
        return outcome
    }

    /// The runs' wall clocks as the console's summary lines and the event stream said, added up (the console's
    /// swift-testing lines are skipped when the event stream is read, so nothing counts twice).
    private static func wallClock(_ console: Double?, _ events: Double?) -> Double? {
        guard console != nil || events != nil else { return nil }
        return (console ?? 0) + (events ?? 0)
    }
}
