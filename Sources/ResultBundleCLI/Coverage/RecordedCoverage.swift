import Foundation
import ResultModel

/// What `record --coverage` and `record --coverage-file` read once the command has ended.
struct RecordedCoverage {
    /// Whether the command is a `swift test` run with SwiftPM's coverage (`--coverage`).
    var swiftTest: Bool
    /// The places `--coverage-file` names (read after the command, which writes them).
    var places: [ResultFilePlace]
    /// The folder coverage paths are taken relative to.
    var sourceRoot: String

    /// Reads the coverage `command` left: SwiftPM's JSON for `swift test`, and the files at `places`. A run
    /// without any is a warning, not a failure: the tests' results are recorded all the same.
    /// `start` is when the command started (an older export is a previous run's); `scratch` a folder for the
    /// export of a run SwiftPM did not export.
    func read(command: [String], since start: Date, scratch: URL) -> CoverageImportStep.Outcome {
        var files = places.flatMap(CoverageInputs.files)
        var notFound: [Diagnostic] = []
        if swiftTest {
            switch SwiftTestCoverage.exportedJSON(for: command, since: start, scratch: scratch) {
            case .success(let path): files.insert(path, at: 0)
            case .failure(let reason): notFound.append(reason.diagnostic)
            }
        }
        var outcome = CoverageImportStep(files: files, sourceRoot: sourceRoot).read()
        if swiftTest {
            // SwiftPM's export covers every module linked into the tests, the package's dependencies (checked out
            // under `.build/checkouts`) and the test runners it generates (under `.build/<triple>`) too; the
            // project's coverage is that of its own sources, as Xcode's report shows it.
            outcome.coverage = CoverageRun(files: outcome.coverage.files.filter { !$0.path.hasPrefix(".build/") })
        }
        // A file that could not be read is a warning of the recording: the command's own exit code decides.
        outcome.diagnostics =
            notFound
            + outcome.diagnostics.map { diagnostic in
                var shown = diagnostic
                shown.message = "coverage: " + diagnostic.message
                if shown.severity == .error { shown.severity = .warning }
                return shown
            }
        return outcome
    }
}
