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
              resultbundle json run.resultbundle | jq '.tests[] | select(.status == "failed") | .name'
            """
    )

    @Argument(help: "The bundle to export.")
    var bundle: String

    @Option(name: .shortAndLong, help: "Where to write the JSON (default: standard output).")
    var output: String?

    func run() throws {
        let reader = try BundleOpening.open(bundle)
        let exporter = BundleJSONExporter(reader: reader)
        do {
            if let output {
                try AtomicOutput.write(to: URL(fileURLWithPath: output)) { temporary in
                    // When it cannot be created, opening it below throws the error that names it.
                    _ = FileManager.default.createFile(atPath: temporary.path, contents: nil)
                    let handle = try FileHandle(forWritingTo: temporary)
                    defer { try? handle.close() }
                    try exporter.write(to: handle)
                }
            } else {
                try exporter.write(to: FileHandle.standardOutput)
            }
        } catch let error as BundleError {
            throw CLIError("\(error)")
        }
    }
}
