import Foundation

/// The `timestamp` of a JUnit `<testsuite>`, in every form common producers write (docs/IMPORT.md):
///
/// - ISO 8601 with `T` or a space between date and time, seconds optional, a fraction of any length, and an
///   offset `Z`, `±HH:MM`, `±HHMM` or `±HH` (none means UTC): `2024-01-03T12:27:11.21-01:00` (pytest),
///   `2022-12-29T15:34:28` (jest), `2024-01-03 12:27:54Z`;
/// - RFC 1123 and RFC 2822, as mocha's xunit reporter writes it: `Fri, 29 May 2026 19:23:51 GMT`, the weekday
///   optional, the zone `GMT`, `UTC`, `UT`, `Z` or `±HHMM`.
///
/// Anything else is not guessed at: the caller leaves the time absent and says so.
enum JUnitTimestamp {
    /// Seconds since 1970, or nil when `text` is in no form above (or names an impossible date).
    static func parse(_ text: String) -> Double? {
        let trimmed = isTrimmed(text) ? text : text.trimmingCharacters(in: .whitespaces)
        var scanner = TimestampScanner(trimmed)
        if let value = iso8601(&scanner) { return value }
        scanner = TimestampScanner(trimmed)
        return rfc2822(&scanner)
    }

    /// Whether `text` starts and ends with a visible ASCII character, so trimming it (which Foundation does at a
    /// cost that shows in a stream of a million timestamps) leaves it as it is.
    private static func isTrimmed(_ text: String) -> Bool {
        guard let first = text.utf8.first, let last = text.utf8.last else { return false }
        return (0x21..<0x7F).contains(first) && (0x21..<0x7F).contains(last)
    }

    private static func iso8601(_ scanner: inout TimestampScanner) -> Double? {
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2), scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
            let time = clock(&scanner)
        else { return nil }
        guard let offset = zone(&scanner), scanner.atEnd else { return nil }
        return seconds(year: year, month: month, day: day, time: time, offset: offset)
    }

    private static func rfc2822(_ scanner: inout TimestampScanner) -> Double? {
        if scanner.letters(3) != nil {
            guard scanner.skip(",") else { return nil }
            scanner.skipSpaces()
        }
        guard let day = scanner.digits(1...2) else { return nil }
        scanner.skipSpaces()
        guard let name = scanner.letters(3), let month = months[name.lowercased()] else { return nil }
        scanner.skipSpaces()
        guard let year = scanner.digits(4) else { return nil }
        scanner.skipSpaces()
        guard let time = clock(&scanner) else { return nil }
        scanner.skipSpaces()
        guard let offset = namedZone(&scanner) ?? zone(&scanner), scanner.atEnd else { return nil }
        return seconds(year: year, month: month, day: day, time: time, offset: offset)
    }

    private static let months = [
        "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10,
        "nov": 11, "dec": 12,
    ]

    /// `HH:MM[:SS[.fraction]]` as seconds into the day.
    private static func clock(_ scanner: inout TimestampScanner) -> Double? {
        guard let hour = scanner.digits(2), hour < 24, scanner.skip(":"), let minute = scanner.digits(2), minute < 60
        else { return nil }
        var seconds = 0.0
        if scanner.skip(":") {
            guard let whole = scanner.digits(2), whole <= 60 else { return nil }
            seconds = Double(whole)
            if scanner.skip(".") || scanner.skip(",") {
                guard let fraction = scanner.fraction() else { return nil }
                seconds += fraction
            }
        }
        return Double(hour * 3600 + minute * 60) + seconds
    }

    /// `Z`, `±HH:MM`, `±HHMM`, `±HH`, or nothing (UTC): the offset in seconds east of UTC.
    private static func zone(_ scanner: inout TimestampScanner) -> Int? {
        if scanner.atEnd || scanner.skip("Z") || scanner.skip("z") { return 0 }
        let sign: Int
        if scanner.skip("+") {
            sign = 1
        } else if scanner.skip("-") || scanner.skip("\u{2212}") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = scanner.digits(2), hours <= 23 else { return nil }
        var minutes = 0
        if !scanner.atEnd {
            _ = scanner.skip(":")
            guard let value = scanner.digits(2), value < 60 else { return nil }
            minutes = value
        }
        return sign * (hours * 3600 + minutes * 60)
    }

    private static func namedZone(_ scanner: inout TimestampScanner) -> Int? {
        for name in ["GMT", "UTC", "UT"] where scanner.skip(name) { return 0 }
        return nil
    }

    /// Seconds since 1970 of a civil date and time at `offset` seconds east of UTC (days from civil, after
    /// Howard Hinnant's algorithm), or nil for an impossible date.
    private static func seconds(year: Int, month: Int, day: Int, time: Double, offset: Int) -> Double? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days * 86_400 - offset) + time
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// Reads a timestamp's text from left to right.
struct TimestampScanner {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    var atEnd: Bool { position == scalars.count }

    mutating func skip(_ literal: String) -> Bool {
        // Compared in place: a timestamp is scanned with a dozen of these, and copies of both sides add up.
        var index = position
        for scalar in literal.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        position = index
        return true
    }

    mutating func skipSpaces() {
        while position < scalars.count, scalars[position] == " " { position += 1 }
    }

    /// Exactly `count` ASCII digits as a number.
    mutating func digits(_ count: Int) -> Int? { digits(count...count) }

    /// Between `counts.lowerBound` and `counts.upperBound` ASCII digits, as many as there are.
    mutating func digits(_ counts: ClosedRange<Int>) -> Int? {
        var value = 0
        var taken = 0
        while taken < counts.upperBound, position < scalars.count, let digit = Self.digit(scalars[position]) {
            value = value * 10 + digit
            taken += 1
            position += 1
        }
        return taken >= counts.lowerBound ? value : nil
    }

    /// A run of digits after a decimal point, as a fraction of one.
    mutating func fraction() -> Double? {
        var digits = ""
        while position < scalars.count, Self.digit(scalars[position]) != nil {
            digits.unicodeScalars.append(scalars[position])
            position += 1
        }
        return digits.isEmpty ? nil : Double("0." + digits)
    }

    /// `count` ASCII letters.
    mutating func letters(_ count: Int) -> String? {
        guard position + count <= scalars.count,
            scalars[position..<position + count].allSatisfy({ $0.properties.isAlphabetic && $0.isASCII })
        else { return nil }
        defer { position += count }
        return String(String.UnicodeScalarView(scalars[position..<position + count]))
    }

    private static func digit(_ scalar: Unicode.Scalar) -> Int? {
        (0x30...0x39).contains(scalar.value) ? Int(scalar.value - 0x30) : nil
    }
}
