import ResultModel

extension BundleReader {
    /// Each run's failures grouped by cause as the writer counted them (format 1.8), in the order of ``runs``;
    /// `nil` for older bundles, rebuilt indexes and bundles where some run has none.
    public var storedFailureCauses: [RunFailureCauses]? {
        guard indexSource == .stored else { return nil }
        let causes = index.runs.compactMap { index.causes[$0.index] }
        return causes.count == index.runs.count ? causes : nil
    }

    /// Damage for each run whose stored failure causes (format 1.8) are not what its records, read in file order
    /// into `counted`, call for (a bundle without them has nothing to check).
    func failureCauseProblems(_ counted: FailureCauseTally) -> [BundleDamage] {
        let scanned = counted.causesByRun
        var problems: [BundleDamage] = []
        for run in index.runs {
            guard let stored = index.causes[run.index] else { continue }
            let expected = scanned[run.index] ?? RunFailureCauses()
            guard stored != expected else { continue }
            let storedCount = stored.causes.reduce(stored.otherFailures) { $0 + $1.count }
            let expectedCount = expected.causes.reduce(expected.otherFailures) { $0 + $1.count }
            problems.append(
                BundleDamage(
                    kind: .damagedIndex, byteOffset: index.dataEnd,
                    message: "failure causes of run \(run.index + 1): \(stored.causes.count) causes of"
                        + " \(storedCount) failed tests listed, \(expected.causes.count) causes of \(expectedCount)"
                        + " found"))
        }
        return problems
    }
}
