import ResultModel
import ResultSupport

/// The coverage change as lines for the terminal table, the Markdown and the HTML page: the totals line, then one
/// line per changed file, falls first.
enum CoverageComparisonText {
    /// `Coverage: 81.2% → 80.8% (−0.4 points), lines 1,234 of 1,520`.
    static func totals(_ coverage: CoverageComparison) -> String {
        "Coverage: " + change(coverage.base, coverage.head, points: coverage.linePointsChange)
    }

    /// `Sources/App/Parser.swift: 90% → 75% (−15.0 points), lines 30 of 40`, or `new in HEAD`/`not in HEAD`.
    static func file(_ file: CoverageComparison.FileChange) -> String {
        guard let base = file.base else { return file.path + ": new in HEAD, " + side(file.head) }
        guard let head = file.head else { return file.path + ": not in HEAD (was " + side(base) + ")" }
        return file.path + ": " + change(base, head, points: file.linePointsChange)
    }

    /// `81.2% → 80.8% (−0.4 points), lines 1,234 of 1,520`.
    static func change(_ base: CoverageTotals, _ head: CoverageTotals, points: Double?) -> String {
        var text = percent(base) + " → " + percent(head)
        if let points { text += " (" + self.points(points) + ")" }
        return text + ", lines \(NumberText.count(head.linesHit)) of \(NumberText.count(head.linesFound))"
    }

    /// `−15.0 points` (`±0.0 points` when it rounds to nothing).
    static func points(_ value: Double) -> String {
        let tenths = Int((abs(value) * 10).rounded())
        return (tenths == 0 ? "±" : value < 0 ? "−" : "+") + "\(tenths / 10).\(tenths % 10) points"
    }

    /// `81.2% (1,234 of 1,520 lines)`.
    private static func side(_ totals: CoverageTotals?) -> String {
        guard let totals else { return "-" }
        return percent(totals) + " (\(NumberText.count(totals.linesHit)) of \(Counted.noun(totals.linesFound, "line")))"
    }

    /// Line coverage with one decimal, rounded down (99.96% is not 100.0%); `-` when no line could run.
    static func percent(_ totals: CoverageTotals) -> String {
        guard totals.linesFound > 0 else { return "-" }
        let tenths = Int((Double(totals.linesHit) * 1000 / Double(totals.linesFound)).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// The section of the terminal table: a heading line and up to `limit` files.
    static func lines(_ coverage: CoverageComparison?, limit: Int) -> [String] {
        guard let coverage else { return [] }
        var lines = [totals(coverage)]
        let fell = coverage.filesThatFell.count
        if !coverage.files.isEmpty {
            lines.append(
                "Files whose coverage changed (\(NumberText.count(coverage.files.count)), "
                    + "\(NumberText.count(fell)) fell):")
        }
        for file in coverage.files.prefix(limit) { lines.append("  " + self.file(file)) }
        if coverage.files.count > limit { lines.append("  … and \(coverage.files.count - limit) more") }
        return lines
    }
}

extension CoverageComparisonText {
    /// The Markdown section: the totals, then the files as a list, falls first, within `maxBytes` (files that do
    /// not fit are counted); empty when not even the totals fit.
    static func markdown(_ coverage: CoverageComparison, maxBytes: Int) -> String {
        var output = "\n### Coverage\n\n" + MarkdownEscaping.inline(totals(coverage)) + "\n"
        guard output.utf8.count <= maxBytes else { return "" }
        guard !coverage.files.isEmpty else { return output }
        output += "\n"
        for (index, change) in coverage.files.enumerated() {
            let line = "- " + MarkdownEscaping.inline(file(change)) + "\n"
            guard output.utf8.count + line.utf8.count + 64 <= maxBytes else {
                return output + "\n_\(coverage.files.count - index) more files not shown (size limit)._\n"
            }
            output += line
        }
        return output
    }
}
