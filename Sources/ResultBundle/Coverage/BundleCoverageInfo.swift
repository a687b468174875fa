import ResultModel

/// A bundle's code coverage as `info` shows it (format 1.6), from the index alone: totals over the runs that have
/// coverage, and each such run's.
///
/// Encodes as `{"linesFound": …, "linesHit": …, "functionsFound": …, "functionsHit": …, "branchesFound": …,
/// "branchesHit": …, "files": …, "runs": [{"runIndex": …, "files": …, "totals": {…}}]}`.
public struct BundleCoverageInfo: Sendable, Hashable, Codable {
    /// One run's coverage.
    public struct RunCoverage: Sendable, Hashable, Codable {
        /// The run's index.
        public var runIndex: Int
        /// The number of source files.
        public var files: Int
        /// The run's totals.
        public var totals: CoverageTotals
    }

    /// Lines that could run, summed over the runs (a merged bundle's runs of the same code count each line once
    /// per run).
    public var linesFound = 0
    /// Lines that ran, summed over the runs.
    public var linesHit = 0
    /// Functions, summed over the runs.
    public var functionsFound = 0
    /// Functions that ran, summed over the runs.
    public var functionsHit = 0
    /// Branch outcomes, summed over the runs.
    public var branchesFound = 0
    /// Branch outcomes taken, summed over the runs.
    public var branchesHit = 0
    /// Source files, summed over the runs.
    public var files = 0
    /// Each run that has coverage, in order.
    public var runs: [RunCoverage] = []

    /// The coverage of an open bundle, or `nil` when no run has any.
    public init?(reader: BundleReader) {
        let indices = reader.runsWithCoverage
        guard !indices.isEmpty else { return nil }
        var sum = CoverageTotals()
        for runIndex in indices {
            guard let totals = reader.coverageTotals(ofRun: runIndex) else { continue }
            let files = reader.coverageFileCount(ofRun: runIndex)
            runs.append(RunCoverage(runIndex: runIndex, files: files, totals: totals))
            sum.add(totalsOf: totals)
            self.files += files
        }
        linesFound = sum.linesFound
        linesHit = sum.linesHit
        functionsFound = sum.functionsFound
        functionsHit = sum.functionsHit
        branchesFound = sum.branchesFound
        branchesHit = sum.branchesHit
    }

    /// The totals over the runs as one value.
    public var totals: CoverageTotals {
        var totals = CoverageTotals()
        totals.linesFound = linesFound
        totals.linesHit = linesHit
        totals.functionsFound = functionsFound
        totals.functionsHit = functionsHit
        totals.branchesFound = branchesFound
        totals.branchesHit = branchesHit
        return totals
    }
}
