import ResultModel

/// How code coverage changed from BASE to HEAD, when both runs carry it: the totals of each, and every file whose
/// lines found or hit differ, those whose line coverage fell first (schema 1.4 of the compare JSON).
public struct CoverageComparison: Sendable, Codable, Hashable {
    /// One file whose coverage changed.
    public struct FileChange: Sendable, Codable, Hashable {
        /// The path, relative to the runs' source root.
        public var path: String
        /// BASE's totals of the file; `nil` when BASE has no coverage of it.
        public var base: CoverageTotals?
        /// HEAD's totals of the file; `nil` when HEAD has no coverage of it.
        public var head: CoverageTotals?
        /// HEAD's line coverage minus BASE's, in percentage points; `nil` when a side has no line that could run.
        public var linePointsChange: Double?
    }

    /// BASE's totals (all its runs with coverage, merged).
    public var base: CoverageTotals
    /// HEAD's totals.
    public var head: CoverageTotals
    /// HEAD's total line coverage minus BASE's, in percentage points; `nil` when a side has no line that could run.
    public var linePointsChange: Double?
    /// The files whose lines found or hit differ: those whose coverage fell (the largest fall first), then files
    /// only HEAD has, then files only BASE has, then those whose coverage rose (the largest rise first); by path
    /// within each.
    public var files: [FileChange]

    /// The comparison of `base`'s coverage with `head`'s, files matched by path.
    /// - Complexity: O(lines of both runs + files × log files).
    public init(base: CoverageRun, head: CoverageRun) {
        self.base = base.totals
        self.head = head.totals
        linePointsChange = Self.points(self.base, self.head)
        var baseTotals: [String: CoverageTotals] = [:]
        for file in base.files { baseTotals[file.path] = file.totals }
        var changes: [FileChange] = []
        for file in head.files {
            let after = file.totals
            let before = baseTotals.removeValue(forKey: file.path)
            guard before != nil || after.linesFound > 0 else { continue }
            guard before?.linesFound != after.linesFound || before?.linesHit != after.linesHit else { continue }
            changes.append(
                FileChange(
                    path: file.path, base: before, head: after,
                    linePointsChange: before.flatMap { Self.points($0, after) }))
        }
        for (path, before) in baseTotals where before.linesFound > 0 {
            changes.append(FileChange(path: path, base: before, head: nil, linePointsChange: nil))
        }
        files = changes.sorted { Self.order($0) < Self.order($1) }
    }

    /// Percentage points from `before`'s line coverage to `after`'s.
    static func points(_ before: CoverageTotals, _ after: CoverageTotals) -> Double? {
        guard let from = before.lineRate, let to = after.lineRate else { return nil }
        return (to - from) * 100
    }

    /// Falls (largest first), HEAD-only files, BASE-only files, then rises (largest first); by path within.
    private static func order(_ change: FileChange) -> (Int, Double, String) {
        if let points = change.linePointsChange {
            return points < 0 ? (0, points, change.path) : (3, -points, change.path)
        }
        return (change.base == nil ? 1 : 2, 0, change.path)
    }

    /// The files whose line coverage fell.
    public var filesThatFell: [FileChange] { files.filter { ($0.linePointsChange ?? 0) < 0 } }
}
