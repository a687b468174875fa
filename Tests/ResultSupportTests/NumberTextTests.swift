import Foundation
import ResultSupport
import Testing

/// The one formatter of durations and numbers writes what `printf` would, on its integer path and off it.
struct NumberTextTests {
    /// Values around rounding ties, large ones, negative and non-finite ones.
    static let values: [Double] = {
        let ties: [Double] = [0, -0.0, 0.0005, 0.0015, 0.0025, 0.4994, 0.9995, 0.99951, 1, 1.005, 1.015, 2.675]
        let bounds: [Double] = [119.995, 120, 3599.9, -0.25, -3, 1e6, 1e20, .infinity, -.infinity, .nan]
        let small: [Double] = (0..<3000).map { Double($0) * 0.000_123_7 }
        let large: [Double] = (0..<3000).map { 1 + Double($0) * 3.3331 }
        let huge: [Double] = (0..<200).map { 9.0e5 + Double($0) * 599.005 }
        return ties + bounds + small + large + huge
    }()

    @Test func secondsAndMillisecondsReadAsPrintfWouldWriteThem() {
        for value in Self.values {
            #expect(NumberText.seconds(value) == String(format: "%.2f s", value), "\(value)")
            #expect(NumberText.milliseconds(value) == String(format: "%.0f ms", value * 1000), "\(value)")
        }
    }

    @Test func durationsSwitchUnitsAtASecondAndAtTheMinutesBound() {
        #expect(NumberText.duration(0.4314) == "431 ms")
        #expect(NumberText.duration(12.345_6) == "12.35 s")
        #expect(NumberText.duration(302.9) == "5m 02s")
        #expect(NumberText.duration(302.9, minutesFrom: nil) == "302.90 s")
        #expect(NumberText.duration(-2) == "-2000 ms")
    }

    @Test func significantKeepsSixDigits() {
        #expect(NumberText.significant(0.123_456_78) == "0.123457")
        #expect(NumberText.significant(15_000_000) == "1.5e+07")
    }
}
