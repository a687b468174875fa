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

    @OptionGroup var thresholds: CoverageThresholdOptions

    func validate() throws {
        if coverageBase != nil && coverageDiff != nil {
            throw ValidationError("Give the change either with --coverage-base REF or with --coverage-diff FILE.")
        }
        if thresholds.failUnderDiff != nil && coverageBase == nil && coverageDiff == nil {
            throw ValidationError("--fail-under-diff needs the change: --coverage-base REF or --coverage-diff FILE.")
        }
    }

    /// Whether the summary shows coverage: the bundles have it, or an option asks for it.
    private var isAsked: Bool {
        coverageBase != nil || coverageDiff != nil || coverageBaseline != nil || thresholds.failUnder != nil
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
        let failures = thresholds.failures(totals: totals, diff: diff)
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
