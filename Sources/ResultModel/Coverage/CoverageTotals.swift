/// Lines, functions and branches found and hit, for a file or a whole run.
public struct CoverageTotals: Sendable, Hashable, Codable {
    /// Lines that could run.
    public var linesFound = 0
    /// Lines that ran at least once.
    public var linesHit = 0
    /// Functions.
    public var functionsFound = 0
    /// Functions that ran at least once.
    public var functionsHit = 0
    /// Branch outcomes.
    public var branchesFound = 0
    /// Branch outcomes taken at least once.
    public var branchesHit = 0

    /// Zero totals.
    public init() {}

    /// Adds a file's lines, functions and branches.
    /// - Complexity: O(lines + branches + functions) of the file.
    public mutating func add(_ file: SourceFileCoverage) {
        linesFound += file.lines.count
        for line in file.lines where line.count > 0 { linesHit += 1 }
        functionsFound += file.functions.count
        for function in file.functions where function.count > 0 { functionsHit += 1 }
        for branch in file.branches {
            branchesFound += Int(branch.found)
            branchesHit += Int(branch.hit)
        }
    }

    /// The share of lines hit, from 0 to 1; `nil` when no line could run.
    public var lineRate: Double? { linesFound == 0 ? nil : Double(linesHit) / Double(linesFound) }
}
