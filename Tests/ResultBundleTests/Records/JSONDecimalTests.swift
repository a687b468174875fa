import Foundation
import Testing
import _TestSupport

@testable import ResultBundle

/// Times and durations are written as short fixed decimals that read back as the same `Double`.
@Suite struct JSONDecimalTests {
    private func text(_ value: Double) -> String {
        var json = JSONBytes()
        json.double(value)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    @Test func valuesWithUpToSixDecimalsAreWrittenWithoutTrailingZeros() {
        let expected: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (1, "1"), (100, "100"), (1.5, "1.5"), (0.0085, "0.0085"), (12.0003, "12.0003"),
            (-0.5, "-0.5"), (-1.5, "-1.5"), (-100.25, "-100.25"), (0.000001, "0.000001"), (-0.000001, "-0.000001"),
            (123_456.789, "123456.789"), (999_999_999_999.999, "999999999999.999"), (0.1, "0.1"), (0.01, "0.01"),
        ]
        for (value, written) in expected {
            #expect(text(value) == written, "\(value)")
        }
    }

    @Test func integersAreWrittenWhole() {
        for value in [0, 7, -5, 1_000, Int64.max, Int64.min, -1] as [Int64] {
            var json = JSONBytes()
            json.int(value)
            #expect(String(decoding: json.bytes, as: UTF8.self) == String(value))
        }
    }

    @Test func otherValuesAreWrittenAsSwiftDescribesThem() {
        for value in [0.1 + 0.2, 1e-7, 1e12, -3.000_000_1, Double.pi] {
            #expect(text(value) == value.description, "\(value)")
        }
        #expect(text(.nan) == #""nan""#)
        #expect(text(-.infinity) == #""-inf""#)
    }

    @Test func randomDecimalsReadBackExactly() {
        var generator = SeededGenerator(seed: 2_026_112_3)
        for _ in 0..<20_000 {
            let decimals = Int.random(in: 0...6, using: &generator)
            let scaled = Int64.random(in: -999_999_999_999...999_999_999_999, using: &generator)
            let value = Double(scaled) / pow(10, Double(decimals))
            let written = text(value)
            #expect(Double(written) == value, "\(value) written as \(written)")
            #expect(!written.contains(".") || !written.hasSuffix("0"), "\(written) has trailing zeros")
        }
    }
}
