import Foundation
import ResultModel
import ResultSupport

/// A comparison written for people: a terminal table, or Markdown for a pull-request comment.
public enum ComparisonText {
    /// `1.2 s`, `56 ms`, `4 min 5 s` (``ResultSupport/NumberText/duration(_:)``), `-` when unknown.
    static func duration(_ seconds: Double?) -> String {
        guard let seconds else { return "-" }
        return NumberText.duration(seconds)
    }

    /// `+350 ms (+42%)`.
    static func change(_ entry: Comparison.Entry) -> String {
        guard let change = entry.durationChange else { return "" }
        var text = (change >= 0 ? "+" : "-") + duration(abs(change))
        if let before = entry.baseDuration, before > 0 {
            let percent = Int(saturating: (change / before * 100).rounded())
            text += " (\(percent >= 0 ? "+" : "")\(NumberText.count(percent))%)"
        }
        return text
    }

    /// One side's count: `164 tests (7 parameterized with 14 cases)` (``ResultModel/TestCount``).
    static func count(_ comparison: Comparison, base: Bool) -> String {
        let count = base ? comparison.baseTests : comparison.headTests
        return count?.description ?? Counted.noun(base ? comparison.baseCount : comparison.headCount, "test")
    }

    /// The test as one line: `Module/Suite/name [arguments] @configuration`.
    static func name(_ entry: Comparison.Entry) -> String {
        entry.test + (entry.arguments.map { " [\($0)]" } ?? "") + (entry.configuration.map { " @\($0)" } ?? "")
    }

    /// What one entry shows besides its name.
    static func detail(_ entry: Comparison.Entry, bucket: String) -> String {
        switch bucket {
        case "slower", "faster":
            return "\(duration(entry.baseDuration)) → \(duration(entry.headDuration)), \(change(entry))"
                + (entry.headWallShare.map { ", \(duration(entry.baseWallShare)) → \(duration($0)) of the wall clock" }
                    ?? "")
                + (entry.spread.map { ", usually ± \(duration($0))" } ?? "")
        case "measurementChanges":
            let percent = entry.percentWorse.map { String(format: "%+.1f%% %@", abs($0), $0 > 0 ? "worse" : "better") }
            return "\(entry.metric ?? ""): \(number(entry.baseAverage)) → \(number(entry.headAverage))"
                + (percent.map { ", " + $0.replacingOccurrences(of: "+", with: "") } ?? "")
        case "newTests", "removedTests", "newlySkipped", "fixed":
            return (entry.headStatus ?? entry.baseStatus)?.words ?? ""
        default:
            let status = "\(entry.baseStatus?.words ?? "absent") → \(entry.headStatus?.words ?? "absent")"
            return status + (entry.message.map { ": " + $0 } ?? "")
        }
    }

    private static func number(_ value: Double?) -> String {
        guard let value else { return "-" }
        return NumberText.significant(value)
    }

    /// The terminal table: one section per non-empty bucket, counts first. Control characters in names and
    /// messages, line breaks included, are escaped (``TerminalText``), so nothing a test printed reaches the
    /// terminal or a CI log as a sequence or a line of its own.
    public static func table(_ comparison: Comparison, limit: Int = 50) -> String {
        var lines = ["BASE: \(count(comparison, base: true)), HEAD: \(count(comparison, base: false))"]
        let counts = Comparison.bucketNames.map {
            "\($0.label): \(NumberText.count(comparison.total($0.keyPath)))"
        }
        lines.append(counts.joined(separator: ", "))
        let causes = causeLines(comparison.causes, limit: limit)
        if !causes.isEmpty { lines += [""] + causes.map { TerminalText.escapingControls($0) } }
        let coverage = CoverageComparisonText.lines(comparison.coverage, limit: limit)
        if !coverage.isEmpty { lines += [""] + coverage.map { TerminalText.escapingControls($0) } }
        for bucket in Comparison.bucketNames {
            let entries = comparison.buckets[keyPath: bucket.keyPath]
            let total = comparison.total(bucket.keyPath)
            guard total > 0 else { continue }
            lines.append("")
            lines.append("\(bucket.label) (\(NumberText.count(total)))")
            for entry in entries.prefix(limit) {
                lines.append(
                    "  " + TerminalText.escapingControls(name(entry) + "  " + detail(entry, bucket: bucket.key)))
            }
            if total > limit { lines.append("  … and \(total - limit) more") }
        }
        return lines.joined(separator: "\n")
    }

    /// GitHub-flavored Markdown within `maxBytes` (UTF-8): a counts line, then each non-empty bucket as a list;
    /// what does not fit is counted, never cut mid-entry.
    public static func markdown(_ comparison: Comparison, maxBytes: Int) -> String {
        let buckets = comparison.buckets
        var head = "## Compared with BASE\n\n"
        let counts = Comparison.bucketNames.compactMap { bucket -> String? in
            let count = comparison.total(bucket.keyPath)
            return count == 0 ? nil : "\(bucket.label): **\(NumberText.count(count))**"
        }
        head += counts.isEmpty ? "No changes.\n" : counts.joined(separator: " · ") + "\n"
        var output = head
        let causes = causeLines(comparison.causes, limit: 20)
        if !causes.isEmpty {
            let section =
                "\n### " + MarkdownEscaping.inline(causes[0]) + "\n\n"
                + causes.dropFirst().map {
                    "- " + MarkdownEscaping.inline($0.trimmingCharacters(in: .whitespaces)) + "\n"
                }
                .joined()
            if output.utf8.count + section.utf8.count + 64 <= maxBytes { output += section }
        }
        if let coverage = comparison.coverage {
            output += CoverageComparisonText.markdown(coverage, maxBytes: maxBytes - output.utf8.count - 64)
        }
        var left = 0
        for bucket in Comparison.bucketNames {
            let entries = buckets[keyPath: bucket.keyPath]
            let total = comparison.total(bucket.keyPath)
            guard total > 0 else { continue }
            let title = "\n### \(bucket.label)\n\n"
            guard output.utf8.count + title.utf8.count + 64 <= maxBytes else {
                left += total
                continue
            }
            output += title
            var shown = 0
            for entry in entries {
                let line =
                    "- **" + MarkdownEscaping.inline(name(entry)) + "** "
                    + MarkdownEscaping.inline(detail(entry, bucket: bucket.key)) + "\n"
                guard output.utf8.count + line.utf8.count + 64 <= maxBytes else { break }
                output += line
                shown += 1
            }
            left += total - shown
        }
        if left > 0 { output += "\n_\(left) more not shown (size limit)._\n" }
        return output
    }

    /// HEAD's failure causes: a heading line (`Failure causes in HEAD: 1 new, 2 seen in BASE`), then the largest
    /// `limit` causes, new ones first, each as `new: 500 failures: message`; nothing when HEAD has no failure.
    static func causeLines(_ causes: CauseComparison?, limit: Int) -> [String] {
        guard let causes, !(causes.newCauses.isEmpty && causes.seenInBase.isEmpty) else { return [] }
        var heading =
            "Failure causes in HEAD: \(NumberText.count(causes.newCauses.count)) new, "
            + "\(NumberText.count(causes.seenInBase.count)) seen in BASE"
        if causes.goneCount > 0 { heading += ", \(Counted.noun(causes.goneCount, "cause")) of BASE gone" }
        var lines = [heading]
        let shown =
            causes.newCauses.prefix(limit).map { ("new", $0) }
            + causes.seenInBase.prefix(max(0, limit - causes.newCauses.count)).map { ("seen in BASE", $0) }
        for (label, cause) in shown {
            var line = "  \(label): \(Counted.noun(cause.count, "failure"))"
            if cause.baseCount > 0 { line += " (BASE: \(NumberText.count(cause.baseCount)))" }
            lines.append(line + ": " + cause.message)
        }
        let hidden = causes.newCauses.count + causes.seenInBase.count - shown.count
        if hidden > 0 { lines.append("  … and \(Counted.noun(hidden, "more cause"))") }
        return lines
    }

    /// The JSON document (`docs/schemas/compare.schema.json`).
    public static func json(_ comparison: Comparison) throws -> String {
        String(decoding: try encoder.encode(comparison), as: UTF8.self)
    }

    /// The JSON of ``json(_:)``, written in pieces through `write`: the entries a comparison kept on disk
    /// (``Comparison/spilledEntries``) are read back one at a time and written where their bucket's array is.
    public static func writeJSON(_ comparison: Comparison, _ write: (String) throws -> Void) throws {
        guard let spilled = comparison.spilledEntries else { return try write(json(comparison)) }
        var shell = comparison
        let keys = spilled.keys
        for bucket in Comparison.bucketNames where keys.contains(bucket.key) {
            guard let writable = bucket.keyPath as? WritableKeyPath<Comparison.Buckets, [Comparison.Entry]> else {
                continue
            }
            shell.buckets[keyPath: writable] = []
        }
        var text = try json(shell)[...]
        // The buckets' arrays, each empty in the shell, in the order the keys sort.
        guard let buckets = text.range(of: "\n  \"buckets\" : {\n") else { return try write(String(text)) }
        try write(String(text[..<buckets.upperBound]))
        text = text[buckets.upperBound...]
        for key in keys.sorted() {
            let empty = "    \"\(key)\" : [\n\n    ]"
            guard let array = text.range(of: empty) else { continue }
            try write(String(text[..<array.lowerBound]) + "    \"\(key)\" : [\n")
            var first = true
            try spilled.forEachEntry(of: key) { bytes in
                try write((first ? "" : ",\n") + String(decoding: bytes, as: UTF8.self))
                first = false
            }
            try write("\n    ]")
            text = text[array.upperBound...]
        }
        try write(String(text))
    }

    /// The encoder of the JSON: sorted keys, pretty, and, as in the bundle's JSON (docs/FORMAT.md), a duration or an
    /// average that is infinite or NaN as a string.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }
}
