/// Arithmetic on execution counts that never traps: counts come from files, and a file may say a line ran
/// 2^64 times or that two merged runs together pass `UInt64.max`.
public enum HitCount {
    /// `left + right`, or `UInt64.max` when the sum does not fit.
    @inline(__always)
    public static func adding(_ left: UInt64, _ right: UInt64) -> UInt64 {
        let (sum, overflow) = left.addingReportingOverflow(right)
        return overflow ? .max : sum
    }

    /// The count written as `text`: decimal digits (saturating at `UInt64.max`), or a number with a fraction or
    /// an exponent (some producers write `3.0` or `1e3`), rounded down. A negative count is ``Parsed/negative``
    /// and anything else ``Parsed/invalid``.
    ///
    /// Inlinable so that the readers, which call it for every line of a file, get it specialized for their byte
    /// slices: called generically across the module boundary it was a third of the time of reading a tracefile.
    @inlinable
    public static func parse<Bytes: Collection<UInt8>>(_ text: Bytes) -> Parsed {
        guard let first = text.first else { return .invalid }
        if first == UInt8(ascii: "-") {
            let rest = text.dropFirst()
            return !rest.isEmpty && parse(rest) != .invalid ? .negative : .invalid
        }
        var value: UInt64 = 0
        var saturated = false
        var isPlainDecimal = true
        for byte in text {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else {
                isPlainDecimal = false
                break
            }
            if !saturated {
                let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowB) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                if overflowA || overflowB { saturated = true } else { value = sum }
            }
        }
        if isPlainDecimal { return .count(saturated ? .max : value) }
        guard text.count <= 64, let number = Double(String(decoding: text, as: UTF8.self)), number.isFinite,
            number >= 0
        else { return .invalid }
        return .count(number >= 0x1p64 ? .max : UInt64(number))
    }

    /// What ``parse(_:)`` found.
    public enum Parsed: Equatable, Sendable {
        /// A count.
        case count(UInt64)
        /// A negative number (gcov wrote such counts when its counters overflowed).
        case negative
        /// Not a number.
        case invalid
    }
}
