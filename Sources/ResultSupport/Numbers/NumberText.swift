import Foundation

/// The one formatter of durations, sizes and measured numbers shown to people (the report, `compare`, the Markdown
/// summary, `info`, `shard`): each output picks its layout of the same pieces, and a piece reads the same everywhere.
///
/// Durations are computed with integers, because `String(format:)` for each of 100,000 list rows was a noticeable
/// part of a report.
package enum NumberText {
    /// A duration in the largest unit that keeps it short, rounded to the nearest shown digit: `340 ms` below a
    /// second, `1.2 s` below a minute, `4 min 5 s` below an hour, `7 h 17 min` from there on (a zero second or
    /// minute is left out: `5 min`, `2 h`). A negative duration (a change) gets a minus sign; a non-finite one is `-`.
    package static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "-" }
        if seconds < 0 { return "-" + duration(-seconds) }
        let milliseconds = Int(saturating: (seconds * 1000).rounded())
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        let tenths = Int(saturating: (seconds * 10).rounded())
        if tenths < 600 { return "\(tenths / 10).\(tenths % 10) s" }
        let wholeSeconds = Int(saturating: seconds.rounded())
        if wholeSeconds < 3600 {
            let second = wholeSeconds % 60
            return "\(wholeSeconds / 60) min" + (second == 0 ? "" : " \(second) s")
        }
        let minutes = Int(saturating: (seconds / 60).rounded())
        let minute = minutes % 60
        return "\(minutes / 60) h" + (minute == 0 ? "" : " \(minute) min")
    }

    /// A measured value in at most six significant digits, written out with grouped thousands: `0.123457`,
    /// `1,234.57`, `500,000,000`. Values under 0.0001 or of 10^15 and more, and non-finite ones, keep `%.6g`'s
    /// exponent (`1.2e-05`), which reads better than a row of zeros.
    package static func significant(_ value: Double) -> String {
        let magnitude = abs(value)
        guard value.isFinite, magnitude < 1e15, magnitude >= 1 else { return String(format: "%.6g", value) }
        let integerDigits = Int(log10(magnitude)) + 1
        var text = String(format: "%.\(max(0, 6 - integerDigits))f", magnitude)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        let parts = text.split(separator: ".", maxSplits: 1)
        let whole = Int(parts[0]) ?? 0
        let grouped = count(whole) + (parts.count > 1 ? "." + parts[1] : "")
        return (value < 0 ? "-" : "") + grouped
    }
}
