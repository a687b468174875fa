import Foundation
import Testing

@testable import JUnitExport

/// Our hand-written `time` and `timestamp` formats agree with Foundation's formatters.
@Suite struct JUnitTimeTests {
    static let ties: [Double] = [
        0.0005, 0.0015, 0.0025, 1.0005, 0.001, 0.0085, 0.12345, 0.9995, 1, 59.9999, 3600.25, 1e12, 123_456.789_5,
    ]
    static let steps: [Double] = (0..<2000).map { (step: Int) -> Double in
        Double(step) * 0.000_25 + 0.000_01 * Double(step % 7)
    }
    static var durations: [Double] { ties + steps }

    @Test func timesMatchPrintf() {
        for seconds in Self.durations {
            #expect(JUnitTime.format(seconds) == String(format: "%.3f", seconds), "\(seconds)")
        }
        #expect(JUnitTime.format(nil) == "0.000")
        #expect(JUnitTime.format(-1) == "0.000")
        #expect(JUnitTime.format(.nan) == "0.000")
    }

    @Test func timestampsMatchISO8601DateFormatter() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        for seconds in [0, 1_795_360_259.674_782_3, 951_782_400.5, 4_102_444_799, -86_400.25, 1_700_000_000] {
            #expect(JUnitTime.timestamp(seconds) == formatter.string(from: Date(timeIntervalSince1970: seconds)))
        }
        #expect(JUnitTime.timestamp(.infinity) == nil)
    }
}
