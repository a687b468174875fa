import ResultBundle
import ResultModel

/// The coverage totals `history add` keeps of a bundle (docs/HISTORY.md).
enum HistoryCoverage {
    /// The totals of the bundle's coverage: its one run's, from the index alone, or, when several runs have
    /// coverage (shards, configurations), those of their coverage merged, so a line the shards share counts once;
    /// `nil` when no run has coverage.
    static func totals(of reader: BundleReader) throws -> CoverageTotals? {
        let runs = reader.runsWithCoverage
        guard runs.count > 1 else { return runs.first.flatMap { reader.coverageTotals(ofRun: $0) } }
        var merged = CoverageRun()
        for index in runs { merged.merge(try reader.coverage(ofRun: index) ?? CoverageRun()) }
        return merged.totals
    }
}
