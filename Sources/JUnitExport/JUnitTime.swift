import Foundation

/// `time` values and suite timestamps.
///
/// A `time` is seconds in fixed notation with three decimals, never negative or exponential, with values past
/// 10^12 s capped there. The digits are what `printf("%.3f")` prints: the exact value of the double is rounded
/// to the nearest thousandth, an exact tie to even, without calling `printf`.
enum JUnitTime {
    /// The largest `time` written.
    static let maximum = 1e12

    /// `seconds` as a `time` value.
    static func format(_ seconds: Double?) -> String {
        withFormatted(seconds) { String(cString: $0) }
    }

    /// Calls `body` with `seconds` as a NUL-terminated `time` value, valid only during the call.
    static func withFormatted<Result>(
        _ seconds: Double?, _ body: (UnsafePointer<CChar>) throws -> Result
    ) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: CChar.self, capacity: 24) { buffer in
            let length = digits(thousandths(seconds), into: buffer)
            buffer[length] = 0
            return try body(UnsafePointer(buffer.baseAddress!))
        }
    }

    /// `seconds` rounded to whole thousandths as `printf` rounds: nearest, exact ties to even.
    static func thousandths(_ seconds: Double?) -> Int {
        guard let seconds, seconds.isFinite, seconds > 0 else { return 0 }
        let scaled = min(seconds, maximum) * 1000
        // The product's rounding error, exactly (a fused multiply-add rounds once): the exact product is
        // `scaled + error`. Below 2^52 the fraction is exact too and a multiple of the unit in the last place,
        // which the error is at most half of, so the error only decides when `scaled` sits exactly on a tie.
        let error = (-scaled).addingProduct(min(seconds, maximum), 1000)
        let whole = scaled.rounded(.down)
        let fraction = scaled - whole
        let roundsUp =
            fraction > 0.5
            || (fraction == 0.5 && (error > 0 || (error == 0 && whole.truncatingRemainder(dividingBy: 2) == 1)))
        return Int(whole) + (roundsUp ? 1 : 0)
    }

    /// Writes `thousandths` as `whole.ddd`; returns the length.
    private static func digits(_ thousandths: Int, into buffer: UnsafeMutableBufferPointer<CChar>) -> Int {
        let whole = thousandths / 1000
        var length = 1
        var probe = whole
        while probe >= 10 {
            probe /= 10
            length += 1
        }
        var rest = whole
        for index in stride(from: length - 1, through: 0, by: -1) {
            buffer[index] = CChar(0x30 + rest % 10)
            rest /= 10
        }
        let fraction = thousandths % 1000
        buffer[length] = 0x2E
        buffer[length + 1] = CChar(0x30 + fraction / 100)
        buffer[length + 2] = CChar(0x30 + fraction / 10 % 10)
        buffer[length + 3] = CChar(0x30 + fraction % 10)
        return length + 4
    }

    /// `seconds` since 1970 as an ISO 8601 UTC timestamp in whole seconds (`2026-11-22T15:55:13Z`), or nil
    /// when it is not finite or falls outside the years 1 to 9999.
    static func timestamp(_ seconds: Double?) -> String? {
        guard let seconds, seconds.isFinite, seconds >= -62_135_596_800, seconds < 253_402_300_800 else {
            return nil
        }
        let whole = Int(seconds.rounded(.down))
        let days = (whole >= 0 ? whole : whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let date = CivilDate(daysSince1970: days)
        func padded(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(padded(date.year, 4))-\(padded(date.month, 2))-\(padded(date.day, 2))T"
            + "\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2))Z"
    }
}

/// A day of the proleptic Gregorian calendar (Howard Hinnant's `civil_from_days`).
struct CivilDate {
    var year: Int
    var month: Int
    var day: Int

    init(daysSince1970: Int) {
        let shifted = daysSince1970 + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }
}
