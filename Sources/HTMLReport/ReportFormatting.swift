import Foundation
import ResultModel

/// Formats numbers, durations and sizes for display.
enum ReportFormatting {
    static func duration(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite else { return "" }
        if seconds >= 0 && seconds < 1 {
            // `%.0f` rounds half to even on the exact value, as `rounded(.toNearestOrEven)` does.
            return "\(Int((seconds * 1000).rounded(.toNearestOrEven))) ms"
        }
        if seconds < 1 { return String(format: "%.0f ms", seconds * 1000) }
        if seconds < 120 { return String(format: "%.2f s", seconds) }
        return String(format: "%dm %02ds", Int(seconds) / 60, Int(seconds) % 60)
    }

    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1 << 20 { return String(format: "%.1f KB", Double(bytes) / 1024) }
        return String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        return String(format: "%.6g", value)
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

    /// The human name of a test: its display name, or its name.
    static func testName(_ test: TestRecord) -> String {
        test.displayName ?? test.identity.name
    }

    /// `Module › Suite › name`.
    static func qualifiedName(_ test: TestRecord) -> String {
        ((test.identity.module.map { [$0] } ?? []) + test.identity.suites + [testName(test)]).joined(separator: " › ")
    }
}
