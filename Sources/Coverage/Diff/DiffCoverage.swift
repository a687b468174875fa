/// The coverage of the lines a change adds or rewrites: of those that could run, how many ran, per file and in
/// all, and where the ones that did not run are.
public struct DiffCoverage: Sendable, Hashable {
    /// One changed file's lines that could run.
    public struct ChangedFileCoverage: Sendable, Hashable {
        /// The path relative to the source root.
        public var path: String
        /// Whether the change creates the file.
        public var isNew: Bool
        /// The changed lines that could run.
        public var linesFound: Int
        /// Those that ran.
        public var linesHit: Int
        /// The changed lines that did not run, in ranges: two such lines are one range when no line between them
        /// could run (a blank line or a comment between two uncovered lines does not split them).
        public var uncoveredRanges: [ClosedRange<UInt32>]

        /// A changed file's coverage.
        public init(
            path: String, isNew: Bool, linesFound: Int, linesHit: Int, uncoveredRanges: [ClosedRange<UInt32>]
        ) {
            self.path = path
            self.isNew = isNew
            self.linesFound = linesFound
            self.linesHit = linesHit
            self.uncoveredRanges = uncoveredRanges
        }
    }

    /// The changed files with changed lines that could run, by path.
    public var files: [ChangedFileCoverage]
    /// Changed files under the source root (lines added, not deleted, not binary) of which the run has no
    /// coverage: documentation, build files, or code the tests never loaded.
    public var filesWithoutCoverage: [String]
    /// The run's own totals.
    public var totals: CoverageTotals

    /// The changed lines that could run, in all files.
    public var linesFound: Int { files.reduce(0) { $0 + $1.linesFound } }
    /// Those that ran.
    public var linesHit: Int { files.reduce(0) { $0 + $1.linesHit } }
    /// The files whose changed lines did not all run.
    public var filesWithUncoveredLines: [ChangedFileCoverage] { files.filter { $0.linesHit < $0.linesFound } }

    /// The coverage of `diff`'s added lines in `run`. The diff's paths are relative to the repository; the run's
    /// to the source root, which is `pathPrefix` (`""`, or `Sources/App/` with its slash) inside the repository:
    /// a changed file outside it is not counted.
    /// - Complexity: O(changed lines + the changed files' lines) after sorting each file's changed lines.
    public init(run: CoverageRun, diff: UnifiedDiff, pathPrefix: String = "") {
        var added: [String: (lines: [UInt32], isNew: Bool)] = [:]
        for file in diff.files where !file.isDeleted && !file.isBinary && !file.addedLines.isEmpty {
            guard let path = file.newPath, path.hasPrefix(pathPrefix) else { continue }
            let relative = String(path.dropFirst(pathPrefix.count))
            added[relative, default: ([], file.isNew)].lines += file.addedLines
        }
        files = []
        filesWithoutCoverage = []
        for (path, change) in added.sorted(by: { $0.key < $1.key }) {
            guard let coverage = run.file(atPath: path) else {
                filesWithoutCoverage.append(path)
                continue
            }
            let lines = Array(Set(change.lines)).sorted()
            let result = Self.coverage(of: lines, in: coverage, isNew: change.isNew)
            if result.linesFound > 0 { files.append(result) }
        }
        totals = run.totals
    }

    /// Walks the changed lines and the file's lines together (both ascending).
    private static func coverage(of changed: [UInt32], in file: SourceFileCoverage, isNew: Bool)
        -> ChangedFileCoverage
    {
        var result = ChangedFileCoverage(path: file.path, isNew: isNew, linesFound: 0, linesHit: 0, uncoveredRanges: [])
        var index = 0
        var lastUncoveredIndex = -2
        for line in changed {
            while index < file.lines.count && file.lines[index].line < line { index += 1 }
            guard index < file.lines.count, file.lines[index].line == line else { continue }
            result.linesFound += 1
            if file.lines[index].count > 0 {
                result.linesHit += 1
                continue
            }
            if lastUncoveredIndex == index - 1, let last = result.uncoveredRanges.last {
                result.uncoveredRanges[result.uncoveredRanges.count - 1] = last.lowerBound...line
            } else {
                result.uncoveredRanges.append(line...line)
            }
            lastUncoveredIndex = index
        }
        return result
    }
}
