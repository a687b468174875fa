import Foundation
import ResultSupport
import Testing

/// The one formatter of durations, sizes and numbers writes each in words people read at a glance.
struct NumberTextTests {
    @Test(
        arguments: [
            (0, "0 ms"), (0.000_4, "0 ms"), (0.34, "340 ms"), (0.4314, "431 ms"), (0.999_4, "999 ms"),
            (0.999_6, "1.0 s"), (1.2, "1.2 s"), (1.25, "1.3 s"), (12.345_6, "12.3 s"), (59.94, "59.9 s"),
            (59.96, "1 min"), (60, "1 min"), (245, "4 min 5 s"), (302.9, "5 min 3 s"), (3599.4, "59 min 59 s"),
            (3599.6, "1 h"), (26_220, "7 h 17 min"), (26_229, "7 h 17 min"), (7200, "2 h"), (360_000, "100 h"),
            (-2, "-2.0 s"), (-0.35, "-350 ms"), (1e9, "277777 h 47 min"), (Double.infinity, "-"),
            (Double.nan, "-"),
        ] as [(Double, String)])
    func durationsReadInTheLargestUnitThatKeepsThemShort(seconds: Double, text: String) {
        #expect(NumberText.duration(seconds) == text)
    }

    @Test(
        arguments: [
            (0, "0 B"), (1023, "1023 B"), (1024, "1.0 KB"), (1536, "1.5 KB"), (1_048_575, "1.0 MB"),
            (126_720_000, "120.8 MB"), (1 << 30, "1.0 GB"), (5 << 40, "5.0 TB"),
        ] as [(Int, String)])
    func sizesReadInKilobytesMegabytesAndGigabytes(bytes: Int, text: String) {
        #expect(NumberText.size(bytes) == text)
    }

    @Test(
        arguments: [
            (0.123_456_78, "0.123457"), (15_000_000, "15,000,000"), (5e8, "500,000,000"), (1234.5678, "1,234.57"),
            (-707_106_781.187, "-707,106,781"), (0.1, "0.1"), (1, "1"), (999_999.7, "1,000,000"), (0, "0"),
            (0.000_012, "1.2e-05"), (2e15, "2e+15"), (Double.infinity, "inf"),
        ] as [(Double, String)])
    func measuredValuesKeepSixDigitsWithGroupedThousands(value: Double, text: String) {
        #expect(NumberText.significant(value) == text)
    }
}
