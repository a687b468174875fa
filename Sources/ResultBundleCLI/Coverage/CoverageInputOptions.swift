import ArgumentParser
import Coverage
import Foundation
import ResultSupport

/// The coverage a `coverage` subcommand reads: its inputs and the source root their paths are taken relative to.
struct CoverageInputOptions: ParsableArguments {
    @Argument(
        help:
            "Coverage files (lcov, Cobertura, JaCoCo, llvm-cov, coverage.py, Istanbul, Go, resultbundle JSON) or bundles."
    )
    var inputs: [String] = []

    @Option(
        name: .customLong("run"),
        help:
            "The run of a bundle whose coverage is read, numbered from 1 as info shows them (default: its only run with coverage)."
    )
    var runNumber: Int?

    @Option(help: "The folder the covered sources' paths are relative to (default: the current directory).")
    var sourceRoot: String?

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("Name at least one coverage file or bundle.") }
        if let runNumber, runNumber < 1 {
            throw ValidationError("--run counts runs from 1, as resultbundle info shows them (not \(runNumber)).")
        }
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

    /// The inputs' coverage merged into one run: a bundle's run (``BundleCoverageInput``) and coverage files, whose
    /// warnings and failures are printed on standard error; `hadErrors` says whether a file was left out. No
    /// input read at all is an error.
    func read() throws -> (run: CoverageRun, hadErrors: Bool) {
        let bundles = inputs.filter { BundleSniffer.isBundle(URL(fileURLWithPath: $0)) }
        let files = inputs.filter { !bundles.contains($0) }
        var merged = CoverageRun()
        for bundle in bundles { merged.merge(try BundleCoverageInput.read(bundle, run: runNumber)) }
        guard !files.isEmpty else { return (merged, false) }
        let (run, diagnostics) = CoverageImporter.read(paths: files, sourceRoot: absoluteSourceRoot)
        for diagnostic in diagnostics { StandardError.humanLine(diagnostic.description) }
        let failed = Set(diagnostics.filter { $0.severity == .error }.map(\.file))
        if failed.count == files.count && bundles.isEmpty {
            throw CLIError("no coverage input could be read (\(files.joined(separator: ", ")))")
        }
        merged.merge(run)
        return (merged, !failed.isEmpty)
    }
}
