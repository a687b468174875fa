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

    /// A measured value in at most six significant digits (`%.6g`): `0.123457`, `1.5e+07`.
    package static func significant(_ value: Double) -> String {
        String(format: "%.6g", value)
    }
}
