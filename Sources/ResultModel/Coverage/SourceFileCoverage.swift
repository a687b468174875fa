/// The coverage of one source file: which lines ran how often, and, where the format has them, its branches,
/// functions and regions.
///
/// Lines and branches are sorted by line with one entry per line; functions by line, then name; regions by where
/// they start. ``checkInvariants()`` says whether a value keeps to that.
public struct SourceFileCoverage: Sendable, Hashable, Codable {
    /// The path relative to the run's source root, with `/` separators and no `.` or `..` steps.
    public var path: String
    /// The lines that could run, each with its count.
    public var lines: [CoveredLine]
    /// The lines where branches start, with their outcomes found and hit.
    public var branches: [LineBranches]
    /// The functions.
    public var functions: [CoveredFunction]
    /// The regions (Go blocks, llvm-cov code regions, Istanbul statements).
    public var regions: [CoveredRegion]

    /// Creates a file's coverage from values already in order (``checkInvariants()``).
    public init(
        path: String, lines: [CoveredLine] = [], branches: [LineBranches] = [], functions: [CoveredFunction] = [],
        regions: [CoveredRegion] = []
    ) {
        self.path = path
        self.lines = lines
        self.branches = branches
        self.functions = functions
        self.regions = regions
    }

    /// The file's totals.
    /// - Complexity: O(lines + branches + functions).
    public var totals: CoverageTotals {
        var totals = CoverageTotals()
        totals.add(self)
        return totals
    }

    /// The count of `line`, or `nil` when the line is not one that could run.
    /// - Complexity: O(log lines).
    public func count(ofLine line: UInt32) -> UInt64? {
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].line < line { low = middle + 1 } else { high = middle }
        }
        return low < lines.count && lines[low].line == line ? lines[low].count : nil
    }

    /// Adds another run's coverage of the same file: counts of the same line, function (name and line) or region
    /// are summed, saturating; the rest is unioned. Branches of the same line keep the larger found and hit,
    /// because most formats do not say which outcomes were taken, so two runs' outcomes cannot be matched.
    /// - Complexity: O(n log n) in the entries of both.
    public mutating func merge(_ other: SourceFileCoverage) {
        lines = Self.mergeSorted(lines, other.lines, line: \.line) {
            CoveredLine(line: $0.line, count: HitCount.adding($0.count, $1.count))
        }
        branches = Self.mergeSorted(branches, other.branches, line: \.line) {
            LineBranches(line: $0.line, found: max($0.found, $1.found), hit: max($0.hit, $1.hit))
        }
        functions = Self.combinedFunctions(functions + other.functions)
        regions = Self.combinedRegions(regions + other.regions, summing: true)
    }

    /// Whether lines and branches are sorted with one entry per line, no line is 0, hits do not pass what was
    /// found, and functions and regions are in order without repeats.
    public func checkInvariants() -> Bool {
        zip(lines, lines.dropFirst()).allSatisfy { $0.line < $1.line } && lines.allSatisfy { $0.line > 0 }
            && zip(branches, branches.dropFirst()).allSatisfy { $0.line < $1.line }
            && branches.allSatisfy { $0.hit <= $0.found && $0.line > 0 }
            && zip(functions, functions.dropFirst()).allSatisfy { ($0.line, $0.name) < ($1.line, $1.name) }
            && zip(regions, regions.dropFirst()).allSatisfy { CoveredRegion.precedes($0, $1) }
    }

    // MARK: Combining

    /// Joins two lists sorted by line; entries of the same line are joined by `combine`.
    package static func mergeSorted<Entry>(
        _ left: [Entry], _ right: [Entry], line: (Entry) -> UInt32, combine: (Entry, Entry) -> Entry
    ) -> [Entry] {
        if right.isEmpty { return left }
        if left.isEmpty { return right }
        var merged: [Entry] = []
        merged.reserveCapacity(left.count + right.count)
        var leftIndex = 0
        var rightIndex = 0
        while leftIndex < left.count && rightIndex < right.count {
            let leftLine = line(left[leftIndex])
            let rightLine = line(right[rightIndex])
            if leftLine < rightLine {
                merged.append(left[leftIndex])
                leftIndex += 1
            } else if rightLine < leftLine {
                merged.append(right[rightIndex])
                rightIndex += 1
            } else {
                merged.append(combine(left[leftIndex], right[rightIndex]))
                leftIndex += 1
                rightIndex += 1
            }
        }
        merged.append(contentsOf: left[leftIndex...])
        merged.append(contentsOf: right[rightIndex...])
        return merged
    }

    /// Functions sorted by line and name, those with the same name and line as one with their counts summed.
    package static func combinedFunctions(_ functions: [CoveredFunction]) -> [CoveredFunction] {
        let sorted = functions.sorted { ($0.line, $0.name) < ($1.line, $1.name) }
        var combined: [CoveredFunction] = []
        combined.reserveCapacity(sorted.count)
        for function in sorted {
            if let last = combined.last, last.line == function.line, last.name == function.name {
                combined[combined.count - 1].count = HitCount.adding(last.count, function.count)
            } else {
                combined.append(function)
            }
        }
        return combined
    }

    /// Regions sorted by where they start, those with the same extent as one: counts summed (`summing`, separate
    /// runs) or the larger kept (one run's report listing a region twice).
    package static func combinedRegions(_ regions: [CoveredRegion], summing: Bool) -> [CoveredRegion] {
        let sorted = regions.sorted(by: CoveredRegion.precedes)
        var combined: [CoveredRegion] = []
        combined.reserveCapacity(sorted.count)
        for region in sorted {
            if let last = combined.last, last.hasSameExtent(as: region) {
                combined[combined.count - 1].count =
                    summing ? HitCount.adding(last.count, region.count) : max(last.count, region.count)
            } else {
                combined.append(region)
            }
        }
        return combined
    }
}
