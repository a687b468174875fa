import ArgumentParser
import Foundation
import ResultBundle

/// `resultbundle json`: the whole bundle as documented, versioned JSON.
struct JSONCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Write the whole bundle as documented, versioned JSON.",
        discussion: """
            Tests carry name, status, duration, issues, activities, attachments (by reference) and measurements \
            with their statistics and verdict. The schema is described in docs/FORMAT.md.

            Examples:
              resultbundle json run.resultbundle -o run.json
              resultbundle json run.resultbundle | jq '.tests[]|select(.status=="failed")'
            """
    )

    @Argument(help: "The bundle to export.")
    var bundle: String

    @Option(name: .shortAndLong, help: "Where to write the JSON (default, or -: standard output).")
    var output = "-"

    @Flag(help: "Replace an existing file even when it does not look like this command's output.")
    var force = false

    func run() throws {
        let plan = try OutputRules(
            shape: .document(.bundleJSON), force: force, inputs: [bundle], suggestedName: "run.json"
        )
        .plan(for: output)
        let reader = try BundleOpening.open(bundle)
        let exporter = BundleJSONExporter(reader: reader)
        if plan == .standardOutput {
            try exporter.writeChunks { try CheckedWrite.write($0, to: STDOUT_FILENO, named: StandardOutput.name) }
        } else {
            try OutputWriting.produce(plan, shape: .document(.bundleJSON), command: "json") { file in
                try CheckedWrite.writeFile(file, named: output) { descriptor in
                    try exporter.writeChunks { try CheckedWrite.write($0, to: descriptor, named: output) }
                }
            }
        }
    }
}
