/// A run's coverage: one entry per source file, sorted by path, each path once.
public struct CoverageRun: Sendable, Hashable, Codable {
    /// The files, sorted by path.
    public private(set) var files: [SourceFileCoverage]

    /// A run of `files`, which may come in any order and name a path more than once (those are merged).
    public init(files: [SourceFileCoverage] = []) {
        self.files = []
        merge(files)
    }

    /// The coverage of the file at `path` (relative to the source root), when the run has it.
    /// - Complexity: O(log files).
    public func file(atPath path: String) -> SourceFileCoverage? {
        let index = insertionIndex(of: path)
        return index < files.count && files[index].path == path ? files[index] : nil
    }

    /// The run's totals.
    /// - Complexity: O(all lines, branches and functions).
    public var totals: CoverageTotals {
        var totals = CoverageTotals()
        for file in files { totals.add(file) }
        return totals
    }

    /// Adds another run's coverage: hits summed, lines unioned (``SourceFileCoverage/merge(_:)``).
    public mutating func merge(_ other: CoverageRun) { merge(other.files) }

    /// Adds files' coverage, each merged into the file of the same path when there is one.
    /// - Complexity: O(n log n) in the files of both.
    public mutating func merge(_ added: [SourceFileCoverage]) {
        guard !added.isEmpty else { return }
        // One array sorted in place (the sort is stable, so files of one path merge in the order given) and
        // folded in place: a run of a million files is not copied several times over.
        var all = files
        files = []
        all.append(contentsOf: added)
        all.sort { $0.path < $1.path }
        var kept = 0
        for index in all.indices {
            if kept > 0 && all[kept - 1].path == all[index].path {
                let file = all[index]
                all[kept - 1].merge(file)
            } else {
                all.swapAt(kept, index)
                kept += 1
            }
        }
        all.removeLast(all.count - kept)
        files = all
    }

    /// Whether the files are sorted by path, each once, and each keeps its own invariants.
    public func checkInvariants() -> Bool {
        zip(files, files.dropFirst()).allSatisfy { $0.path < $1.path } && files.allSatisfy { $0.checkInvariants() }
    }

    private func insertionIndex(of path: String) -> Int {
        var low = 0
        var high = files.count
        while low < high {
            let middle = (low + high) / 2
            if files[middle].path < path { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
