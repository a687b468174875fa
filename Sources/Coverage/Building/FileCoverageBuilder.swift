/// Collects one source file's entries as a reader finds them, in any order and with repeats, and puts them in
/// order at the end (``SourceFileCoverage``'s invariants).
///
/// A value kept in the context's array: a run of a million one-line files holds a million of them, so what most
/// files lack (branches, functions, regions, lines out of order) is kept out of line, allocated by the first such
/// entry: the value is 32 bytes.
struct FileCoverageBuilder {
    /// The path relative to the source root.
    let path: String
    private var lines: [CoveredLine] = []
    private var rest: Rest?

    /// The entries other than lines, and whether the lines came out of order.
    private final class Rest {
        var linesAreSorted = true
        var branches: [LineBranches] = []
        /// Outcomes named by the format (lcov's block and branch), so a repeat of one is the same outcome again.
        var outcomes: [BranchOutcomeKey: UInt64] = [:]
        var functions: [CoveredFunction] = []
        var regions: [CoveredRegion] = []
        var derivesLinesFromRegions = false
    }

    init(path: String) { self.path = path }

    private mutating func extras() -> Rest {
        if let rest { return rest }
        let made = Rest()
        rest = made
        return made
    }

    /// Whether the lines are those the regions cover (Go's blocks), worked out once the regions are combined.
    var derivesLinesFromRegions: Bool {
        get { rest?.derivesLinesFromRegions ?? false }
        set { extras().derivesLinesFromRegions = newValue }
    }

    private var linesAreSorted: Bool { rest?.linesAreSorted ?? true }

    mutating func addLine(_ line: UInt32, count: UInt64) {
        if let last = lines.last, last.line >= line, linesAreSorted { extras().linesAreSorted = false }
        lines.append(CoveredLine(line: line, count: count))
    }

    mutating func addBranches(_ line: UInt32, found: UInt32, hit: UInt32) {
        extras().branches.append(LineBranches(line: line, found: found, hit: hit))
    }

    /// One branch outcome the format names (`key`, unique within its line), taken `count` times; repeats of the
    /// same outcome are summed.
    mutating func addBranchOutcome(_ line: UInt32, key: String, count: UInt64) {
        let outcome = BranchOutcomeKey(line: line, key: key)
        let rest = extras()
        rest.outcomes[outcome] = HitCount.adding(rest.outcomes[outcome] ?? 0, count)
    }

    mutating func addFunction(_ function: CoveredFunction) { extras().functions.append(function) }

    mutating func addRegion(_ region: CoveredRegion) { extras().regions.append(region) }

    /// The builder, leaving an empty one of no path in its place (so its entries are held once).
    mutating func take() -> FileCoverageBuilder {
        let taken = self
        self = FileCoverageBuilder(path: "")
        return taken
    }

    /// Adds the entries of another builder of the same file (the input named it twice), as if added here.
    mutating func absorb(_ other: FileCoverageBuilder) {
        let joinsInOrder = lines.last.map { last in other.lines.first.map { $0.line > last.line } ?? true } ?? true
        if !(joinsInOrder && other.linesAreSorted) && linesAreSorted { extras().linesAreSorted = false }
        lines += other.lines
        guard let added = other.rest else { return }
        let rest = extras()
        rest.branches += added.branches
        for (outcome, count) in added.outcomes {
            rest.outcomes[outcome] = HitCount.adding(rest.outcomes[outcome] ?? 0, count)
        }
        rest.functions += added.functions
        rest.regions += added.regions
        rest.derivesLinesFromRegions = rest.derivesLinesFromRegions || added.derivesLinesFromRegions
    }

    /// The file's coverage. Repeats of a line within the input are summed (`summing`: lcov's records of several
    /// tests, Go's `count` mode) or the larger kept (a report naming the same line twice for one run); so are a
    /// line's branch counts (outcomes named by the format are matched first, then counted once each).
    /// - Complexity: O(n log n) in the entries.
    func build(summing: Bool) -> SourceFileCoverage {
        var file = SourceFileCoverage(path: path)
        file.lines = Self.combined(
            lines, isSorted: linesAreSorted, line: \.line,
            combine: {
                CoveredLine(
                    line: $0.line, count: summing ? HitCount.adding($0.count, $1.count) : max($0.count, $1.count))
            })
        guard let rest else { return file }
        // Named outcomes become one entry per line, counted once each.
        var perLine: [UInt32: (found: UInt32, hit: UInt32)] = [:]
        for (outcome, count) in rest.outcomes {
            let seen = perLine[outcome.line] ?? (0, 0)
            perLine[outcome.line] = (seen.found &+ 1, seen.hit &+ (count > 0 ? 1 : 0))
        }
        var branches = rest.branches
        for (line, counts) in perLine {
            branches.append(LineBranches(line: line, found: counts.found, hit: counts.hit))
        }
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
        file.functions = SourceFileCoverage.combinedFunctions(rest.functions)
        file.regions = SourceFileCoverage.combinedRegions(rest.regions, summing: summing)
        if rest.derivesLinesFromRegions { file.lines = Self.lines(coveredBy: file.regions) }
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
