import Foundation
import Testing
import _TestSupport

@testable import JUnitExport

@Suite struct JUnitTimeTests {
    /// Values on and around ties between two thousandths, where rounding the scaled value naively goes wrong,
    /// and ordinary ones.
    static let values: [Double] = {
        var values: [Double] = [
            0.0005, 0.0015, 0.0025, 0.0045, 0.0625, 0.1875, 1.0005, 2.0005, 0.9995, 0.0004999, 1e-9, 0.001, 0.004,
            123.4565, 999_999.9995, 1_000_000.0005, 12_345_678.1235, 1e11 + 0.0005, 1e12, 4.5e-4, 2.675, 1.5,
        ]
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<20_000 {
            let ticks = Double(generator.next() % 100_000_000)
            values.append(ticks / 10_000)
            values.append(ticks / 100_000 + 0.000_05)
            values.append(pow(10, Double.random(in: -6...12, using: &generator)))
        }
        return values
    }()

    @Test func formatsExactlyAsPrintfDoes() {
        for value in Self.values {
            #expect(JUnitTime.format(value) == String(format: "%.3f", value), "\(value)")
        }
    }

    @Test(arguments: [nil, 0, -1, -0.0, .nan, .infinity, -.infinity] as [Double?])
    func missingNegativeAndNonFiniteTimesAreZero(value: Double?) {
        #expect(JUnitTime.format(value) == "0.000")
    }

    @Test func hugeTimesAreCappedInFixedNotation() {
        #expect(JUnitTime.format(1e300) == "1000000000000.000")
    }

    /// Foundation switches to the Julian calendar before October 1582; ISO 8601 (and `xs:dateTime`) stays
    /// Gregorian, as ``JUnitTime/timestamp(_:)`` does, so only later dates are compared.
    @Test func timestampsAreWhatFoundationWrites() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        var generator = SeededGenerator(seed: 3)
        var values: [Double] = [0, -1, -0.5, 86_399.9, 951_782_400, 1_798_000_000.75, -12_219_292_800, 253_402_300_799]
        for _ in 0..<5_000 {
            values.append(Double.random(in: -12_219_292_800..<253_402_300_800, using: &generator).rounded(.down))
        }
        for value in values {
            #expect(
                JUnitTime.timestamp(value) == formatter.string(from: Date(timeIntervalSince1970: value)), "\(value)")
        }
    }

    @Test func timestampsOutsideFourDigitYearsAreLeftOut() {
        #expect(JUnitTime.timestamp(-62_135_596_801) == nil)
        #expect(JUnitTime.timestamp(253_402_300_800) == nil)
        #expect(JUnitTime.timestamp(.nan) == nil)
        #expect(JUnitTime.timestamp(nil) == nil)
    }
}
