import ArgumentParser
import Coverage
import Foundation
import ResultSupport

/// The coverage a `coverage` subcommand reads: its inputs and the source root their paths are taken relative to.
struct CoverageInputOptions: ParsableArguments {
    @Argument(help: "Coverage files (lcov, Cobertura, JaCoCo, llvm-cov, coverage.py, Istanbul, Go, resultbundle JSON).")
    var inputs: [String] = []

    @Option(help: "The folder the covered sources' paths are relative to (default: the current directory).")
    var sourceRoot: String?

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("Name at least one coverage file.") }
        if let sourceRoot {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: sourceRoot, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError(
                    "--source-root \(sourceRoot) is not a folder; name the folder the sources are in.")
            }
        }
    }

    /// The source root as an absolute path without `.` or `..` steps.
    var absoluteSourceRoot: String {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return URL(fileURLWithPath: sourceRoot ?? ".", relativeTo: current).standardizedFileURL.path
    }

    /// The inputs' coverage merged into one run. Warnings and the inputs that could not be read are printed on
    /// standard error; `hadErrors` says whether any input was left out. No input read at all is an error.
    func read() throws -> (run: CoverageRun, hadErrors: Bool) {
        let (run, diagnostics) = CoverageImporter.read(paths: inputs, sourceRoot: absoluteSourceRoot)
        for diagnostic in diagnostics { StandardError.humanLine(diagnostic.description) }
        let failed = Set(diagnostics.filter { $0.severity == .error }.map(\.file))
        if failed.count == inputs.count {
            throw CLIError("no coverage input could be read (\(inputs.joined(separator: ", ")))")
        }
        return (run, !failed.isEmpty)
    }
}
