import ResultModel

/// Coverage totals as `import`, `record` and `info` show them: `1,234 of 1,500 lines (82.3%)`, the share as
/// ``ResultModel/CoveragePercent`` writes every coverage percentage.
enum CoverageText {
    /// `hit of found noun (rate%)`, or `no noun` when none was found.
    static func fraction(_ hit: Int, of found: Int, _ noun: String) -> String {
        guard found > 0 else { return "no \(noun)" }
        return "\(hit) of \(found) \(noun) (\(CoveragePercent.text(hit: hit, found: found) ?? "-"))"
    }

    /// Lines, functions and branches, each as ``fraction(_:of:_:)``.
    static func lines(_ totals: CoverageTotals) -> String {
        [
            fraction(totals.linesHit, of: totals.linesFound, "lines"),
            fraction(totals.functionsHit, of: totals.functionsFound, "functions"),
            fraction(totals.branchesHit, of: totals.branchesFound, "branches"),
        ].joined(separator: ", ")
    }
}
