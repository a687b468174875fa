import ResultSupport

/// Diff coverage as JSON for scripts (docs/COVERAGE.md, "Diff coverage", is its schema).
public enum DiffCoverageJSON {
    /// The schema's version (minor: members added; major: a member changes its meaning).
    public static let version = "1.0"

    /// The JSON document, ending with a line feed.
    public static func document(_ coverage: DiffCoverage) -> String {
        var bytes: [UInt8] = []
        func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
        func string(_ text: String) { JSONEscaping.appendQuoted(text, to: &bytes, scriptSafe: false) }
        func rate(_ hit: Int, _ found: Int) -> String {
            found == 0 ? "null" : "\(Double(hit) / Double(found))"
        }
        let totals = coverage.totals
        append("{\"schema\":\"resultbundle-coverage-diff\",\"version\":\"\(version)\",")
        append("\"changed\":{\"linesFound\":\(coverage.linesFound),\"linesHit\":\(coverage.linesHit),")
        append("\"rate\":\(rate(coverage.linesHit, coverage.linesFound))},")
        append("\"total\":{\"linesFound\":\(totals.linesFound),\"linesHit\":\(totals.linesHit),")
        append("\"rate\":\(rate(totals.linesHit, totals.linesFound))},\n\"files\":[")
        for (index, file) in coverage.files.enumerated() {
            append(index == 0 ? "\n" : ",\n")
            append("{\"path\":")
            string(file.path)
            append(",\"isNew\":\(file.isNew),\"linesFound\":\(file.linesFound),\"linesHit\":\(file.linesHit),")
            append("\"uncovered\":[")
            append(file.uncoveredRanges.map { "[\($0.lowerBound),\($0.upperBound)]" }.joined(separator: ","))
            append("]}")
        }
        append("\n],\n\"filesWithoutCoverage\":[")
        for (index, path) in coverage.filesWithoutCoverage.enumerated() {
            if index > 0 { append(",") }
            string(path)
        }
        append("]}\n")
        return String(decoding: bytes, as: UTF8.self)
    }
}
