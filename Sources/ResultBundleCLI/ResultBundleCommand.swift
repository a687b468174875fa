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
            AnnotateCommand.self,
            SnapshotCommand.self,
            JSONCommand.self,
            BaselineCommand.self,
            CompareCommand.self,
            HistoryCommand.self,
            ShardCommand.self,
            CoverageCommand.self,
        ]
    )

    public init() {}

    /// Runs the command line, printing errors as one sentence with the README's exit codes: 0 for help and
    /// version, 2 for bad usage (ArgumentParser's own code would be 64), and the code each command raises.
    public static func runMain() {
        let words = Array(CommandLine.arguments.dropFirst())
        // ArgumentParser says only "2 unexpected arguments" for a mistyped command, and shows the general help
        // (exit 0) for `help` of one that does not exist.
        if let unknown = CommandTree.unknownCommand(in: words.first == "help" ? Array(words.dropFirst()) : words) {
            StandardError.print("error: \(unknown.message)")
            Foundation.exit(2)
        }
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exitForUsage(error)
        }
        do {
            try command.run()
        } catch let code as ExitCode {
            // A command's own code, such as the test command's under `record`, passes through as it is.
            Foundation.exit(code.rawValue)
        } catch let error as ValidationError {
            // Thrown by a command's run(): the usage shown is that command's, not the root's.
            exitForValidation(error, of: type(of: command))
        } catch let error where isArgumentParserError(error) {
            // Help requests (`resultbundle help record`), validation and other usage errors.
            exitForUsage(error)
        } catch {
            let shown = ErrorReport.shown(error)
            StandardError.humanLine("error: \(shown.message)")
            Foundation.exit(shown.exitCode)
        }
    }

    private static func isArgumentParserError(_ error: any Error) -> Bool {
        error is ValidationError || error is CleanExit
            || String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
    }

    /// Prints a validation failure found while a command ran, with that command's usage, and exits 2.
    private static func exitForValidation(_ error: ValidationError, of command: any ParsableCommand.Type) -> Never {
        let path = (CommandTree.path(to: command) ?? [CommandTree.name(of: self)]).joined(separator: " ")
        StandardError.print(
            "Error: \(error.message)\nUsage: \(usageString(for: command))\n  See '\(path) --help' for more information."
        )
        Foundation.exit(2)
    }

    /// Exits for an error ArgumentParser knows: help and version print and exit 0, a command's exit code passes
    /// through, and usage errors print their message and exit 2.
    private static func exitForUsage(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        if code == .validationFailure {
            StandardError.print(fullMessage(for: error))
            Foundation.exit(2)
        }
        exit(withError: error)
    }
}
