import ArgumentParser
import Coverage
import Foundation
import ResultBundle

/// The change whose lines coverage is measured, for `summary` and `annotate`: `--coverage-base REF` (git diff in
/// the source root) or `--coverage-diff FILE|-` (a unified diff). One declaration, so both read it the same way.
struct CoverageChangeOptions: ParsableArguments {
    @Option(help: "Measure the lines changed since this commit, branch or tag (git diff, in --source-root).")
    var coverageBase: String?

    @Option(help: "Measure the lines a unified diff changes (a file, or - for standard input).")
    var coverageDiff: String?

    func validate() throws {
        if coverageBase != nil && coverageDiff != nil {
            throw ValidationError("Give the change either with --coverage-base REF or with --coverage-diff FILE.")
        }
    }

    /// Whether a change was named.
    var isGiven: Bool { coverageBase != nil || coverageDiff != nil }

    /// The change, or `nil` when none was named.
    func change(sourceRoot: String) throws -> UnifiedDiff? {
        if let coverageBase { return try GitDiffSource.diff(base: coverageBase, in: sourceRoot) }
        guard let coverageDiff else { return nil }
        return try GitDiffSource.read(diffFile: coverageDiff)
    }

    /// The coverage of the change's lines in `run`, whose paths are relative to `sourceRoot`; `nil` when no
    /// change was named.
    func diffCoverage(of run: CoverageRun, sourceRoot: String) throws -> DiffCoverage? {
        try change(sourceRoot: sourceRoot).map {
            DiffCoverage(run: run, diff: $0, pathPrefix: GitDiffSource.pathPrefix(of: sourceRoot))
        }
    }
}
