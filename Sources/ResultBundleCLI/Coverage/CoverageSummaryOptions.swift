import ArgumentParser
import Coverage
import Foundation
import ResultBundle

/// `summary`'s coverage options: the change whose lines are measured, the baseline the total is compared with,
/// and the thresholds (docs/COVERAGE.md, "In the summary").
struct CoverageSummaryOptions: ParsableArguments {
    @OptionGroup var change: CoverageChangeOptions

    @Option(help: "Coverage of the base (a bundle or coverage file) to show the total's change against.")
    var coverageBaseline: String?

    @OptionGroup var thresholds: CoverageThresholdOptions

    func validate() throws {
        if thresholds.failUnderDiff != nil && !change.isGiven {
            throw ValidationError("--fail-under-diff needs the change: --coverage-base REF or --coverage-diff FILE.")
        }
    }

    /// Whether the summary shows coverage: the bundles have it, or an option asks for it.
    private var isAsked: Bool {
        change.isGiven || coverageBaseline != nil || thresholds.failUnder != nil
    }

    /// The coverage section for `bundles` (every run's coverage of every bundle, merged) and whether a threshold
    /// failed; `nil` when the bundles hold no coverage and nothing asked for it.
    func section(bundles: [String], sourceRoot: String) throws -> (markdown: String, failures: [String])? {
        guard let run = try BundleCoverageInput.merged(bundles) else {
            if isAsked { throw CLIError("the bundles hold no coverage, which the coverage options need") }
            return nil
        }
        let diff = try change.diffCoverage(of: run, sourceRoot: sourceRoot)
        let baseline = try coverageBaseline.map { try Self.totals(of: $0, sourceRoot: sourceRoot) }
        let totals = run.totals
        let failures = thresholds.failures(totals: totals, diff: diff)
        return (CoverageSummaryMarkdown.section(totals: totals, baseline: baseline, diff: diff), failures)
    }

    /// The totals of a bundle (its runs with coverage, merged) or of coverage files.
    private static func totals(of path: String, sourceRoot: String) throws -> CoverageTotals {
        if BundleSniffer.isBundle(URL(fileURLWithPath: path)) {
            return try BundleCoverageInput.merged([path])?.totals ?? CoverageRun().totals
        }
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: sourceRoot)
        if let error = diagnostics.first(where: { $0.severity == .error }) {
            throw CLIError("--coverage-baseline \(path) cannot be read: \(error.message)")
        }
        return run.totals
    }
}
