import ResultSupport

/// Diff coverage as lines for a terminal or a CI log (each line's data escaped by the caller's line writer).
public enum DiffCoverageText {
    /// The report's lines.
    public static func lines(_ coverage: DiffCoverage) -> [String] {
        var lines: [String] = []
        if let percent = CoveragePercent.text(hit: coverage.linesHit, found: coverage.linesFound) {
            lines.append(
                "Changed lines: \(percent) ran (\(coverage.linesHit) of \(coverage.linesFound) changed lines that "
                    + "could run, in \(Counted.noun(coverage.files.count, "file")))")
        } else {
            lines.append("Changed lines: none of the changed lines could run")
        }
        let totals = coverage.totals
        lines.append(
            "Total: " + (CoveragePercent.text(hit: totals.linesHit, found: totals.linesFound) ?? "no lines")
                + " (\(totals.linesHit) of \(Counted.noun(totals.linesFound, "line")))")
        for file in coverage.files {
            let percent = CoveragePercent.text(hit: file.linesHit, found: file.linesFound) ?? ""
            var line = "  \(file.path): \(file.linesHit) of \(file.linesFound) ran (\(percent))"
            if !file.uncoveredRanges.isEmpty {
                line += "; not run: " + CoveragePercent.ranges(file.uncoveredRanges)
            }
            lines.append(line)
        }
        if !coverage.filesWithoutCoverage.isEmpty {
            lines.append(
                "\(Counted.noun(coverage.filesWithoutCoverage.count, "changed file")) without coverage data: "
                    + Self.names(coverage.filesWithoutCoverage))
        }
        return lines
    }

    /// The first ten names, then how many more.
    static func names(_ paths: [String]) -> String {
        let shown = paths.prefix(10).joined(separator: ", ")
        return paths.count > 10 ? shown + " and \(paths.count - 10) more" : shown
    }
}
