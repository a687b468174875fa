import Foundation
import ResultModel
import ResultSupport

/// Formats numbers, durations and sizes for display.
enum ReportFormatting {
    /// `431 ms`, `12.3 s`, `4 min 5 s` or `7 h 17 min` (``ResultSupport/NumberText/duration(_:)``); empty when
    /// unknown.
    static func duration(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite else { return "" }
        return NumberText.duration(seconds)
    }

    /// `512 B`, `1.5 KB`, `12.3 MB` (``ResultSupport/NumberText/size(_:)``).
    static func size(_ bytes: Int) -> String { NumberText.size(bytes) }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        return NumberText.significant(value)
    }

    static func date(_ seconds: Double?) -> String? {
        guard let seconds, seconds.isFinite else { return nil }
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// The first line of a message, at most `limit` characters.
    static func firstLines(_ text: String, lines: Int = 6, limit: Int = 600) -> String {
        let kept = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(lines).joined(separator: "\n")
        return kept.count > limit ? String(kept.prefix(limit)) + "…" : kept
    }

    /// The status word used in CSS classes and filters.
    static func statusName(_ status: TestStatus) -> String { status.rawValue }

    /// The status in plain English, as people read it: `timed out`, `expected failure` (not the `timedOut` of CSS
    /// classes and JSON).
    static func statusWords(_ status: TestStatus) -> String { status.words }

    /// The human name of a test: its display name, or its name.
    static func testName(_ test: TestRecord) -> String {
        test.displayName ?? test.identity.name
    }

    /// `Module › Suite › name`.
    static func qualifiedName(_ test: TestRecord) -> String {
        ((test.identity.module.map { [$0] } ?? []) + test.identity.suites + [testName(test)]).joined(separator: " › ")
    }
}
