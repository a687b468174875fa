import ArgumentParser
import Coverage
import Foundation
import ResultBundle

/// `summary`'s coverage options: the change whose lines are measured, the baseline the total is compared with,
/// and the thresholds (docs/COVERAGE.md, "In the summary").
struct CoverageSummaryOptions: ParsableArguments {
    @Option(help: "Measure the lines changed since this commit, branch or tag (git diff, in --source-root).")
    var coverageBase: String?

    @Option(help: "Measure the lines a unified diff changes (a file, or - for standard input).")
    var coverageDiff: String?

    @Option(help: "Coverage of the base (a bundle or coverage file) to show the total's change against.")
    var coverageBaseline: String?

    @Option(help: "Exit 1 when the total line coverage is below this percentage.")
    var failUnder: Double?

    @Option(help: "Exit 1 when the share of changed lines that ran is below this percentage.")
    var failUnderDiff: Double?

    func validate() throws {
        if coverageBase != nil && coverageDiff != nil {
            throw ValidationError("Give the change either with --coverage-base REF or with --coverage-diff FILE.")
        }
        for (name, value) in [("--fail-under", failUnder), ("--fail-under-diff", failUnderDiff)] {
            if let value, !(0...100).contains(value) {
                throw ValidationError("\(name) takes a percentage from 0 to 100, not \(value).")
            }
        }
        if failUnderDiff != nil && coverageBase == nil && coverageDiff == nil {
            throw ValidationError("--fail-under-diff needs the change: --coverage-base REF or --coverage-diff FILE.")
        }
    }

    /// Whether the summary shows coverage: the bundles have it, or an option asks for it.
    private var isAsked: Bool {
        coverageBase != nil || coverageDiff != nil || coverageBaseline != nil || failUnder != nil
    }

    /// The coverage section for `bundles` (every run's coverage of every bundle, merged) and whether a threshold
    /// failed; `nil` when the bundles hold no coverage and nothing asked for it.
    func section(bundles: [String], sourceRoot: String) throws -> (markdown: String, failures: [String])? {
        var run = CoverageRun()
        var hasCoverage = false
        for bundle in bundles {
            let reader = try BundleOpening.open(bundle, quiet: true)
            for index in reader.runsWithCoverage {
                hasCoverage = true
                run.merge(try reader.coverage(ofRun: index) ?? CoverageRun())
            }
        }
        guard hasCoverage else {
            if isAsked { throw CLIError("the bundles hold no coverage, which the coverage options need") }
            return nil
        }
        let change = try self.change(sourceRoot: sourceRoot)
        let diff = change.map { DiffCoverage(run: run, diff: $0, pathPrefix: GitDiffSource.pathPrefix(of: sourceRoot)) }
        let baseline = try coverageBaseline.map { try Self.totals(of: $0, sourceRoot: sourceRoot) }
        let totals = run.totals
        var failures: [String] = []
        if let failUnder, CoveragePercent.isBelow(failUnder, hit: totals.linesHit, found: totals.linesFound) {
            failures.append("total line coverage is below --fail-under \(failUnder.formatted())%")
        }
        if let failUnderDiff, let diff,
            CoveragePercent.isBelow(failUnderDiff, hit: diff.linesHit, found: diff.linesFound)
        {
            failures.append("coverage of the changed lines is below --fail-under-diff \(failUnderDiff.formatted())%")
        }
        return (CoverageSummaryMarkdown.section(totals: totals, baseline: baseline, diff: diff), failures)
    }

    private func change(sourceRoot: String) throws -> UnifiedDiff? {
        if let coverageBase { return try GitDiffSource.diff(base: coverageBase, in: sourceRoot) }
        guard let coverageDiff else { return nil }
        return try GitDiffSource.read(diffFile: coverageDiff)
    }

    /// The totals of a bundle (its runs with coverage, merged) or of coverage files.
    private static func totals(of path: String, sourceRoot: String) throws -> CoverageTotals {
        if BundleSniffer.isBundle(URL(fileURLWithPath: path)) {
            let reader = try BundleOpening.open(path, quiet: true)
            var run = CoverageRun()
            for index in reader.runsWithCoverage { run.merge(try reader.coverage(ofRun: index) ?? CoverageRun()) }
            return run.totals
        }
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: sourceRoot)
        if let error = diagnostics.first(where: { $0.severity == .error }) {
            throw CLIError("--coverage-baseline \(path) cannot be read: \(error.message)")
        }
        return run.totals
    }
}
