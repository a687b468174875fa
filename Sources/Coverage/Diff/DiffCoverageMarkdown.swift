import ResultSupport

/// Diff coverage as Markdown for a pull request comment or a job summary: the share of changed lines that ran,
/// the total, and a table of the changed files with the lines that did not run.
public enum DiffCoverageMarkdown {
    /// The first line, an HTML comment (invisible where the Markdown is shown), by which a later run knows the
    /// file is one it wrote and may replace.
    public static let marker = "<!-- written by resultbundle coverage diff -->\n"

    /// The Markdown document.
    public static func document(_ coverage: DiffCoverage) -> String {
        var text = marker + "### Coverage of changed lines\n\n"
        let totals = coverage.totals
        let total =
            "total " + (CoveragePercent.text(hit: totals.linesHit, found: totals.linesFound) ?? "-")
            + " (\(totals.linesHit) of \(Counted.noun(totals.linesFound, "line")))"
        if let percent = CoveragePercent.text(hit: coverage.linesHit, found: coverage.linesFound) {
            text +=
                "**\(percent)** of the changed lines ran (\(coverage.linesHit) of \(coverage.linesFound)) · \(total)\n"
        } else {
            text += "None of the changed lines could run · \(total)\n"
        }
        if !coverage.files.isEmpty {
            text += "\n| File | Changed lines run | Not run |\n|---|---:|---|\n"
            for file in coverage.files {
                let percent = CoveragePercent.text(hit: file.linesHit, found: file.linesFound) ?? ""
                text +=
                    "| \(MarkdownEscaping.table(file.path)) | \(file.linesHit) of \(file.linesFound) (\(percent)) | "
                    + MarkdownEscaping.table(CoveragePercent.ranges(file.uncoveredRanges, dash: "–")) + " |\n"
            }
        }
        if !coverage.filesWithoutCoverage.isEmpty {
            text +=
                "\n\(Counted.noun(coverage.filesWithoutCoverage.count, "changed file")) without coverage data: "
                + MarkdownEscaping.inline(DiffCoverageText.names(coverage.filesWithoutCoverage)) + "\n"
        }
        return text
    }
}
