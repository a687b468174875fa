import PerformanceBaselines
import ResultSupport

/// How baselines and changes are written for people.
enum BaselineText {
    /// A number with at most 6 significant decimals, without trailing zeros.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        var text = String(rounded)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// `+12.5%` or `-3.1%`.
    static func percent(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return (rounded >= 0 ? "+" : "") + number(rounded) + "%"
    }

    /// `  M/S/t  Time: 0.1 → 0.12 seconds (+20%)`, or `(new)` for a first baseline.
    static func change(_ entry: BaselineEntry, old: BaselineEntry?, name: String, unit: String) -> String {
        guard let old else { return "  \(entry.test)  \(name): \(number(entry.average)) \(unit) (new)" }
        let change =
            old.average == 0 ? "" : " (" + percent((entry.average - old.average) / abs(old.average) * 100) + ")"
        return "  \(entry.test)  \(name): \(number(old.average)) → \(number(entry.average)) \(unit)\(change)"
    }

    /// One stored baseline, for `baseline show`.
    static func entry(_ entry: BaselineEntry) -> String {
        var text = "  \(entry.test)  \(entry.metric)  \(number(entry.average))"
        var limits: [String] = []
        if let value = entry.maxPercentRegression { limits.append("maxPercentRegression \(number(value))") }
        if let value = entry.maxRegression { limits.append("maxRegression \(number(value))") }
        if let value = entry.maxPercentRelativeStandardDeviation {
            limits.append("maxPercentRelativeStandardDeviation \(number(value))")
        }
        if !limits.isEmpty { text += "  (" + limits.joined(separator: ", ") + ")" }
        if let origin = entry.setBy {
            text +=
                "  set \(origin.date)" + (origin.run.map { " by \($0)" } ?? "")
                + (origin.commit.map { " at \($0)" } ?? "")
        }
        return text
    }

    /// Text safe in a Markdown table cell.
    static func markdownCell(_ text: String) -> String { MarkdownEscaping.table(text) }
}
