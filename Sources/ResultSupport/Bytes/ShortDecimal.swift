/// Parsing short decimals such as `0.0085` or `-12.5` without going through `String` and `strtod`.
///
/// A decimal with at most 15 digits is an integer that a `Double` holds exactly, divided by a power of ten that
/// a `Double` also holds exactly; one correctly rounded division then gives the correctly rounded value, the same
/// as `Double(String)` (Clinger's fast path). Anything else (exponents, more digits) is left to the caller.
package enum ShortDecimal {
    /// Powers of ten that a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// The value of `text` when it is `-`? digits `.` digits with 1 to 15 digits in all, else `nil`.
    package static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let first = text.first else { return nil }
        var index = 0
        let negative = first == UInt8(ascii: "-")
        if negative { index = 1 }
        var digits = 0
        var mantissa: Int64 = 0
        var fractionDigits = -1
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                guard fractionDigits < 0 else { return nil }
                fractionDigits = 0
            } else if byte >= 0x30 && byte <= 0x39 {
                digits += 1
                guard digits <= 15 else { return nil }
                mantissa = mantissa * 10 + Int64(byte - 0x30)
                if fractionDigits >= 0 { fractionDigits += 1 }
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, fractionDigits > 0 else { return nil }
        let value = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return negative ? -value : value
    }
}
