/// A share of lines as people read it: `84%`, `81.2%`. Rounded down to a tenth, so a file with one line in a
/// thousand not run never shows 100%, and a threshold compares the exact share (``isBelow(_:hit:found:)``).
///
/// The one rule for coverage percentages everywhere they are shown: the report's pages, `info`, `import`, `record`,
/// `summary`, `coverage diff` and `export` (docs/COVERAGE.md, "Percentages").
public enum CoveragePercent {
    /// `hit` of `found` as a percentage with at most one decimal (`84%`, `81.2%`); `nil` when nothing was found.
    public static func text(hit: Int, found: Int) -> String? {
        guard found > 0 else { return nil }
        let tenths = Int((Double(hit) * 1000 / Double(found)).rounded(.down))
        return tenths % 10 == 0 ? "\(tenths / 10)%" : "\(tenths / 10).\(tenths % 10)%"
    }

    /// Whether `hit` of `found` is below `percent` (from 0 to 100); nothing found is never below.
    public static func isBelow(_ percent: Double, hit: Int, found: Int) -> Bool {
        found > 0 && Double(hit) * 100 < percent * Double(found)
    }

    /// Line ranges as `14-16, 40`, at most `limit` of them, then `and N more`.
    public static func ranges(_ ranges: [ClosedRange<UInt32>], limit: Int = 20, dash: String = "-") -> String {
        var parts = ranges.prefix(limit).map { range in
            range.lowerBound == range.upperBound
                ? "\(range.lowerBound)" : "\(range.lowerBound)\(dash)\(range.upperBound)"
        }
        if ranges.count > limit { parts.append("and \(ranges.count - limit) more") }
        return parts.joined(separator: ", ")
    }
}
