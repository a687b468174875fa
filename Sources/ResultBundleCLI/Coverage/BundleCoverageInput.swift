import Coverage
import Foundation
import ResultBundle

/// The coverage a bundle holds, for the `coverage` subcommands: one run's, chosen by `--run` when several runs
/// have coverage.
enum BundleCoverageInput {
    /// The coverage of run `number` (1-based, as `info` numbers runs) of the bundle at `path`, or of its only run
    /// with coverage when `number` is `nil`.
    static func read(_ path: String, run number: Int?) throws -> CoverageRun {
        let reader = try BundleOpening.open(path, quiet: true)
        let runs = reader.runsWithCoverage
        guard !runs.isEmpty else {
            throw CLIError(
                "\(path) holds no coverage; record with --coverage, or import coverage files with the test results")
        }
        let runIndex: Int
        if let number {
            guard runs.contains(number - 1) else {
                throw CLIError(
                    "\(path) has no coverage for run \(number); runs with coverage: "
                        + runs.map { "\($0 + 1)" }.joined(separator: ", "))
            }
            runIndex = number - 1
        } else {
            guard runs.count == 1, let only = runs.first else {
                throw CLIError(
                    "\(path) has coverage for runs " + runs.map { "\($0 + 1)" }.joined(separator: ", ")
                        + "; choose one with --run N (resultbundle info lists them)")
            }
            runIndex = only
        }
        return try reader.coverage(ofRun: runIndex) ?? CoverageRun()
    }

    /// Every run's coverage of every bundle at `paths`, merged; `nil` when none of them holds coverage.
    static func merged(_ paths: [String]) throws -> CoverageRun? {
        var run = CoverageRun()
        var hasCoverage = false
        for path in paths {
            let reader = try BundleOpening.open(path, quiet: true)
            for index in reader.runsWithCoverage {
                hasCoverage = true
                run.merge(try reader.coverage(ofRun: index) ?? CoverageRun())
            }
        }
        return hasCoverage ? run : nil
    }
}
