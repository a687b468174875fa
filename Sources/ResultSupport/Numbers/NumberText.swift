import Foundation

/// The one formatter of durations and measured numbers shown to people (the report, `compare`, the Markdown summary,
/// `info`): each output picks its layout of the same pieces, and a piece reads the same everywhere.
///
/// The common cases are computed with integers, because `String(format:)` for each of 100,000 list rows was a
/// noticeable part of a report; the result is the same as the `printf` format each piece names (values whose rounding
/// is too close to call, negative and very large ones still go through `String(format:)`).
package enum NumberText {
    /// `431 ms`, `12.34 s` from a second, and `5m 02s` from `minutesFrom` seconds on (the report's lists, where a
    /// long test reads better in minutes); `nil` never switches to minutes.
    package static func duration(_ seconds: Double, minutesFrom: Double? = 120) -> String {
        if seconds < 1 { return milliseconds(seconds) }
        if let minutesFrom, seconds >= minutesFrom { return minutesAndSeconds(seconds) }
        return self.seconds(seconds)
    }

    /// `431 ms`: `%.0f ms` of the milliseconds.
    package static func milliseconds(_ seconds: Double) -> String {
        let milliseconds = seconds * 1000
        guard milliseconds.sign == .plus, milliseconds < 1e15 else { return String(format: "%.0f ms", milliseconds) }
        return "\(Int(milliseconds.rounded(.toNearestOrEven))) ms"
    }

    /// `12.34 s`: `%.2f s`.
    package static func seconds(_ seconds: Double) -> String {
        // Below a million seconds `seconds * 100` is off by far less than the 1e-6 that tells a tie.
        guard seconds.sign == .plus, seconds < 1e6 else { return String(format: "%.2f s", seconds) }
        let hundredths = seconds * 100
        let rounded = hundredths.rounded(.toNearestOrEven)
        guard abs(abs(hundredths - rounded) - 0.5) > 1e-6 else { return String(format: "%.2f s", seconds) }
        let value = Int(rounded)
        let fraction = value % 100
        return "\(value / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }

    /// `5m 02s`: whole minutes and seconds, the seconds cut (not rounded).
    package static func minutesAndSeconds(_ seconds: Double) -> String {
        let whole = Int(saturating: seconds)
        let second = whole % 60
        return "\(whole / 60)m \(second < 10 ? "0" : "")\(second)s"
    }

    /// A measured value in at most six significant digits (`%.6g`): `0.123457`, `1.5e+07`.
    package static func significant(_ value: Double) -> String {
        String(format: "%.6g", value)
    }
}
