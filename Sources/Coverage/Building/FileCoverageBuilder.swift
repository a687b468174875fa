/// Collects one source file's entries as a reader finds them, in any order and with repeats, and puts them in
/// order at the end (``SourceFileCoverage``'s invariants).
final class FileCoverageBuilder {
    /// The path relative to the source root.
    let path: String
    private var lines: [CoveredLine] = []
    private var linesAreSorted = true
    private var branches: [LineBranches] = []
    /// Outcomes named by the format (lcov's block and branch), so a repeat of one is the same outcome again.
    private var outcomes: [BranchOutcomeKey: UInt64] = [:]
    private var functions: [CoveredFunction] = []
    private var regions: [CoveredRegion] = []

    /// Whether the lines are those the regions cover (Go's blocks), worked out once the regions are combined.
    var derivesLinesFromRegions = false

    init(path: String) { self.path = path }

    func addLine(_ line: UInt32, count: UInt64) {
        if let last = lines.last, last.line >= line { linesAreSorted = false }
        lines.append(CoveredLine(line: line, count: count))
    }

    func addBranches(_ line: UInt32, found: UInt32, hit: UInt32) {
        branches.append(LineBranches(line: line, found: found, hit: hit))
    }

    /// One branch outcome the format names (`key`, unique within its line), taken `count` times; repeats of the
    /// same outcome are summed.
    func addBranchOutcome(_ line: UInt32, key: String, count: UInt64) {
        let outcome = BranchOutcomeKey(line: line, key: key)
        outcomes[outcome] = HitCount.adding(outcomes[outcome] ?? 0, count)
    }

    func addFunction(_ function: CoveredFunction) { functions.append(function) }

    func addRegion(_ region: CoveredRegion) { regions.append(region) }

    /// The file's coverage. Repeats of a line within the input are summed (`summing`: lcov's records of several
    /// tests, Go's `count` mode) or the larger kept (a report naming the same line twice for one run); so are a
    /// line's branch counts (outcomes named by the format are matched first, then counted once each).
    /// - Complexity: O(n log n) in the entries.
    func build(summing: Bool) -> SourceFileCoverage {
        // Named outcomes become one entry per line, counted once each.
        var perLine: [UInt32: (found: UInt32, hit: UInt32)] = [:]
        for (outcome, count) in outcomes {
            let seen = perLine[outcome.line] ?? (0, 0)
            perLine[outcome.line] = (seen.found &+ 1, seen.hit &+ (count > 0 ? 1 : 0))
        }
        for (line, counts) in perLine {
            branches.append(LineBranches(line: line, found: counts.found, hit: counts.hit))
        }
        outcomes = [:]
        var file = SourceFileCoverage(path: path)
        file.lines = Self.combined(
            lines, isSorted: linesAreSorted, line: \.line,
            combine: {
                CoveredLine(
                    line: $0.line, count: summing ? HitCount.adding($0.count, $1.count) : max($0.count, $1.count))
            })
        file.branches = Self.combined(
            branches, isSorted: false, line: \.line,
            combine: {
                guard summing else {
                    return LineBranches(line: $0.line, found: max($0.found, $1.found), hit: max($0.hit, $1.hit))
                }
                let found = $0.found.addingReportingOverflow($1.found)
                let hit = $0.hit.addingReportingOverflow($1.hit)
                return LineBranches(
                    line: $0.line, found: found.overflow ? .max : found.partialValue,
                    hit: hit.overflow ? .max : hit.partialValue)
            })
        file.functions = SourceFileCoverage.combinedFunctions(functions)
        file.regions = SourceFileCoverage.combinedRegions(regions, summing: summing)
        if derivesLinesFromRegions { file.lines = Self.lines(coveredBy: file.regions) }
        return file
    }

    /// Each line inside a region, with the largest count of the regions it is in. Readers keep regions short
    /// (``GoCoverProfileFormat/maxRegionLines``), so this stays in proportion to the input.
    private static func lines(coveredBy regions: [CoveredRegion]) -> [CoveredLine] {
        var counts: [UInt32: UInt64] = [:]
        for region in regions {
            for line in region.startLine...region.endLine {
                counts[line] = max(counts[line] ?? 0, region.count)
            }
        }
        return counts.sorted { $0.key < $1.key }.map { CoveredLine(line: $0.key, count: $0.value) }
    }

    /// `entries` sorted by line (stable), entries of one line joined by `combine`.
    private static func combined<Entry>(
        _ entries: [Entry], isSorted: Bool, line: (Entry) -> UInt32, combine: (Entry, Entry) -> Entry
    ) -> [Entry] {
        if isSorted { return entries }
        let sorted = entries.enumerated().sorted { (line($0.element), $0.offset) < (line($1.element), $1.offset) }
        var result: [Entry] = []
        result.reserveCapacity(sorted.count)
        for (_, entry) in sorted {
            if let last = result.last, line(last) == line(entry) {
                result[result.count - 1] = combine(last, entry)
            } else {
                result.append(entry)
            }
        }
        return result
    }
}

/// A branch outcome as a format names it.
private struct BranchOutcomeKey: Hashable {
    var line: UInt32
    var key: String
}
