import ArgumentParser
import Foundation

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
            come from it rather than from the console. Tests that use the ResultRecorder library add their steps, \
            attachments, terminal snapshots and measurements. record exits with the command's own exit code.

            When OUT already exists, the new bundle is written beside it and renamed over it at the end, so an \
            interrupted record never damages a bundle that was there.

            Examples:
              resultbundle record -- swift test
              resultbundle record -o linux.resultbundle --name linux -- swift test --parallel
              resultbundle record -o unit.resultbundle -- swift test --filter UnitTests
            """
    )

    @Option(name: .shortAndLong, help: "The bundle to write.")
    var output = "TestResults.resultbundle"

    @Option(help: "A name for the run (a configuration or shard name).")
    var name: String?

    @Flag(help: "Do not capture swift-testing's JSON event stream; parse its console output instead.")
    var noEventStream = false

    @Flag(help: "Replace OUT even when it is a file that is not a bundle.")
    var force = false

    @Flag(help: "Print no summary after the command ends.")
    var quiet = false

    @Argument(parsing: .postTerminator, help: "The test command and its arguments, after --.")
    var command: [String] = []

    func validate() throws {
        guard !command.isEmpty else {
            throw ValidationError("Give the test command after --, for example: resultbundle record -- swift test")
        }
    }

    func run() throws {
        let plan = try OutputRules(shape: .bundle, force: force).plan(for: output)
        let session = RecordSession(command: command, runName: name, usesEventStream: !noEventStream)
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
            StandardError.print(
                "resultbundle: \(output): \(totals.tests) tests, \(totals.passed) passed, \(totals.failed) failed, "
                    + "\(totals.skipped) skipped (command exited \(outcome.exitCode))")
        }
        if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
    }
}
