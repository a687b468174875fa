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
        let (test, name, unit) = (cell(entry.test), cell(name), cell(unit))
        guard let old else { return "  \(test)  \(name): \(number(entry.average)) \(unit) (new)" }
        let change =
            old.average == 0 ? "" : " (" + percent((entry.average - old.average) / abs(old.average) * 100) + ")"
        return "  \(test)  \(name): \(number(old.average)) → \(number(entry.average)) \(unit)\(change)"
    }

    /// One stored baseline, for `baseline show`.
    static func entry(_ entry: BaselineEntry) -> String {
        var text = "  \(cell(entry.test))  \(cell(entry.metric))  \(number(entry.average))"
        var limits: [String] = []
        if let value = entry.maxPercentRegression { limits.append("maxPercentRegression \(number(value))") }
        if let value = entry.maxRegression { limits.append("maxRegression \(number(value))") }
        if let value = entry.maxPercentRelativeStandardDeviation {
            limits.append("maxPercentRelativeStandardDeviation \(number(value))")
        }
        if !limits.isEmpty { text += "  (" + limits.joined(separator: ", ") + ")" }
        if let origin = entry.setBy {
            text +=
                "  set \(cell(origin.date))" + (origin.run.map { " by \(cell($0))" } ?? "")
                + (origin.commit.map { " at \(cell($0))" } ?? "")
        }
        return text
    }

    /// Text safe in a Markdown table cell (cut as ``cell(_:)`` cuts).
    static func markdownCell(_ text: String) -> String { MarkdownEscaping.table(cut(text)) }

    /// The most bytes of one value shown in a line or a cell; the rest is left out with a note.
    static let maxCellBytes = 1 << 20

    /// `text` from a bundle or a store, for a terminal: cut at ``maxCellBytes``, and every control character
    /// (escape, bell, line breaks, C1 controls) written as `\u{1B}`, so no byte of data can move the cursor, ring,
    /// or start a line a CI system reads as a command.
    static func cell(_ text: String) -> String {
        let text = cut(text)
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` cut at ``maxCellBytes`` (at a character's start), with `… (N bytes left out)`.
    static func cut(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.count > maxCellBytes else { return text }
        var end = utf8.index(utf8.startIndex, offsetBy: maxCellBytes)
        while end > utf8.startIndex, UTF8.isContinuation(utf8[end]) { end = utf8.index(before: end) }
        let kept = String(decoding: utf8[..<end], as: UTF8.self)
        return kept + "… (\(utf8.count - kept.utf8.count) bytes left out)"
    }
}
