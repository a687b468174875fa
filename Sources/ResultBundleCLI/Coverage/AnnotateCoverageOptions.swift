import ArgumentParser
import CIAnnotations
import Coverage
import Foundation

/// `annotate`'s coverage options: the change whose uncovered lines become warnings (the same options, and the
/// same diff code, as `summary`'s), where the coverage's paths are relative to, and the caps
/// (docs/ANNOTATE.md, "Uncovered changed lines").
struct AnnotateCoverageOptions: ParsableArguments {
    @OptionGroup var change: CoverageChangeOptions

    @Option(help: "The folder the coverage's paths are relative to, where git diff runs (default: current directory).")
    var sourceRoot: String?

    @Option(help: "The most uncovered changed line ranges annotated in one file (default 3).")
    var maxCoveragePerFile = 3

    @Option(help: "The most uncovered changed line ranges annotated in all (default 10).")
    var maxCoverageAnnotations = 10

    func validate() throws {
        if maxCoveragePerFile < 0 || maxCoverageAnnotations < 0 {
            throw ValidationError("--max-coverage-per-file and --max-coverage-annotations must be 0 or more.")
        }
    }

    /// The uncovered changed line ranges of the bundles' coverage (every run's, merged), or `nil` when no change
    /// was named.
    func uncoveredChanges(bundles: [String]) throws -> UncoveredChangeAnnotations? {
        guard change.isGiven else { return nil }
        guard let run = try BundleCoverageInput.merged(bundles) else {
            throw CLIError("the bundles hold no coverage, which --coverage-base and --coverage-diff need")
        }
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let root = URL(fileURLWithPath: sourceRoot ?? current.path, relativeTo: current).standardizedFileURL.path
        guard let diff = try change.diffCoverage(of: run, sourceRoot: root) else { return nil }
        let changes = diff.filesWithUncoveredLines.flatMap { file in
            file.uncoveredRanges.map {
                UncoveredChange(
                    file: file.path, lines: Int($0.lowerBound)...Int($0.upperBound), fileLinesFound: file.linesFound,
                    fileLinesHit: file.linesHit)
            }
        }
        return UncoveredChangeAnnotations(
            changes: changes, sourceRoot: root, maxPerFile: maxCoveragePerFile, maxOverall: maxCoverageAnnotations)
    }
}
