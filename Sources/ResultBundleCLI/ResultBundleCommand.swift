import ArgumentParser

/// The `resultbundle` command and its subcommands.
public struct ResultBundleCommand: AsyncParsableCommand {
    /// The tool's version, printed by `--version` and stored in every bundle it writes.
    public static let toolVersion = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "resultbundle",
        abstract: "Turn test runs into result bundles, HTML reports and JUnit XML.",
        version: toolVersion,
        subcommands: []
    )

    public init() {}
}
