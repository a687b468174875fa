import Foundation
import ResultSupport

/// The coverage lines of `resultbundle summary`: the total, its change against a baseline when there is one, the
/// changed lines' share when a change is given, and the files whose changed lines did not all run.
public enum CoverageSummaryMarkdown {
    /// At most this many files are listed with their changed lines that did not run.
    public static let maxFilesListed = 10

    /// The Markdown section, ending with a blank line.
    public static func section(totals: CoverageTotals, baseline: CoverageTotals?, diff: DiffCoverage?) -> String {
        var line =
            "**Coverage:** " + (CoveragePercent.text(hit: totals.linesHit, found: totals.linesFound) ?? "no lines")
        if let baseline, let change = pointsChanged(totals, against: baseline) { line += " (\(change))" }
        if let diff {
            line +=
                " · changed lines "
                + (CoveragePercent.text(hit: diff.linesHit, found: diff.linesFound).map {
                    "\($0) (\(diff.linesHit) of \(diff.linesFound))"
                } ?? "none could run")
        }
        var text = line + "\n\n"
        let uncovered = diff?.filesWithUncoveredLines ?? []
        if !uncovered.isEmpty {
            let listed = uncovered.prefix(maxFilesListed).map {
                MarkdownEscaping.inline($0.path) + ": "
                    + CoveragePercent.ranges($0.uncoveredRanges, limit: 5, dash: "–")
            }
            let more = uncovered.count > maxFilesListed ? " · and \(uncovered.count - maxFilesListed) more files" : ""
            text += "Changed lines that did not run: " + listed.joined(separator: " · ") + more + "\n\n"
        }
        return text
    }

    /// The change of the line share in percentage points, one decimal, with its sign (`−0.4`, `+1.2`); `nil` when
    /// either has no lines.
    static func pointsChanged(_ totals: CoverageTotals, against baseline: CoverageTotals) -> String? {
        guard totals.linesFound > 0, baseline.linesFound > 0 else { return nil }
        let points =
            (Double(totals.linesHit) / Double(totals.linesFound) - Double(baseline.linesHit)
                / Double(baseline.linesFound)) * 100
        let text = String(format: "%+.1f", points)
        return text.hasPrefix("-") ? "−" + text.dropFirst() : text
    }
}
