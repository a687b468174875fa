import ArgumentParser
import Foundation

/// The `resultbundle` command and its subcommands.
public struct ResultBundleCommand: ParsableCommand {
    /// The tool's version, printed by `--version` and stored in every bundle it writes.
    public static let toolVersion = "0.1.0"

    /// The producer string stored in runs this tool writes.
    static var producer: String { "resultbundle \(toolVersion)" }

    public static let configuration = CommandConfiguration(
        commandName: "resultbundle",
        abstract: "Turn test runs into result bundles, HTML reports and JUnit XML.",
        discussion: """
            Examples:
              resultbundle record -o run.resultbundle -- swift test
              resultbundle report run.resultbundle -o site/
              resultbundle junit run.resultbundle -o junit.xml
            """,
        version: toolVersion,
        subcommands: [
            RecordCommand.self,
            ImportCommand.self,
            InfoCommand.self,
            VerifyCommand.self,
            MergeCommand.self,
            ReportCommand.self,
            JUnitCommand.self,
            SummaryCommand.self,
            SnapshotCommand.self,
            JSONCommand.self,
        ]
    )

    public init() {}

    /// Runs the command line, printing errors the commands raise as one sentence with the right exit code.
    public static func runMain() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as CLIError {
            StandardError.print("error: \(error.description)")
            Foundation.exit(error.exitCode)
        } catch {
            exit(withError: error)
        }
    }
}
