import ResultModel

/// Coverage totals as `import`, `record` and `info` show them: `1,234 of 1,500 lines (82.3%)`.
enum CoverageText {
    /// `hit of found noun (rate%)`, or `no noun` when none was found.
    static func fraction(_ hit: Int, of found: Int, _ noun: String) -> String {
        guard found > 0 else { return "no \(noun)" }
        return "\(hit) of \(found) \(noun) (\(percent(hit, of: found)))"
    }

    /// Lines, functions and branches, each as ``fraction(_:of:_:)``.
    static func lines(_ totals: CoverageTotals) -> String {
        [
            fraction(totals.linesHit, of: totals.linesFound, "lines"),
            fraction(totals.functionsHit, of: totals.functionsFound, "functions"),
            fraction(totals.branchesHit, of: totals.branchesFound, "branches"),
        ].joined(separator: ", ")
    }

    /// A share with one decimal, rounded down so that 99.96% of lines is never shown as 100.0%.
    static func percent(_ hit: Int, of found: Int) -> String {
        let tenths = Int((Double(hit) * 1000 / Double(found)).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
