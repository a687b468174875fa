import Coverage
import Foundation
import ResultBundle
import ResultModel

/// Reads a run's coverage files, merged into one (hits summed, lines unioned), and stores it in the bundle:
/// the coverage part of `import` and `record`.
struct CoverageImportStep {
    /// The coverage files, in the order given.
    var files: [String]
    /// The folder paths are taken relative to.
    var sourceRoot: String

    /// What reading the files found.
    struct Outcome {
        var coverage = CoverageRun()
        /// The files read (whole).
        var readFiles: [String] = []
        /// Files that could not be read at all, each with its error.
        var failures: [String] = []
        /// Warnings with their places: declared totals that disagree with the lines, paths outside the root.
        var diagnostics: [Diagnostic] = []
    }

    /// Reads the files: a file that cannot be read is a failure, and the others are still read.
    func read() -> Outcome {
        var outcome = Outcome()
        for file in files {
            let (run, diagnostics) = CoverageImporter.read(paths: [file], sourceRoot: sourceRoot)
            let errors = diagnostics.filter { $0.severity == .error }
            if errors.isEmpty {
                outcome.readFiles.append(file)
                outcome.coverage.merge(run)
            } else {
                outcome.failures += errors.map(\.description)
            }
            outcome.diagnostics += diagnostics
        }
        return outcome
    }

    /// Stores `coverage` as the coverage of the run `runIndex` (nothing when it has no file).
    static func store(_ coverage: CoverageRun, runIndex: Int, in writer: BundleWriter) throws {
        guard !coverage.files.isEmpty else { return }
        try writer.addCoverage(coverage.files, runIndex: runIndex)
    }
}
