import Coverage
import Testing

struct HitCountTests {
    @Test func parsesDecimalCounts() {
        #expect(HitCount.parse(Array("0".utf8)) == .count(0))
        #expect(HitCount.parse(Array("12345".utf8)) == .count(12345))
        #expect(HitCount.parse(Array("3.0".utf8)) == .count(3))
        #expect(HitCount.parse(Array("1e3".utf8)) == .count(1000))
    }

    @Test(arguments: [
        "9223372036854775808", "18446744073709551615", "18446744073709551616", "1" + String(repeating: "0", count: 400),
        "1e300",
    ])
    func saturatesCountsPastTheLargestInteger(text: String) {
        let expected: UInt64 = text == "9223372036854775808" ? 1 << 63 : .max
        #expect(HitCount.parse(Array(text.utf8)) == .count(expected))
    }

    @Test func tellsNegativeCountsFromText() {
        #expect(HitCount.parse(Array("-1".utf8)) == .negative)
        #expect(HitCount.parse(Array("-99999999999999999999999".utf8)) == .negative)
        #expect(HitCount.parse(Array("-".utf8)) == .invalid)
        #expect(HitCount.parse(Array("".utf8)) == .invalid)
        #expect(HitCount.parse(Array("x1".utf8)) == .invalid)
        #expect(HitCount.parse(Array("nan".utf8)) == .invalid)
        #expect(HitCount.parse(Array("inf".utf8)) == .invalid)
    }

    @Test func addsWithoutTrapping() {
        #expect(HitCount.adding(.max, 1) == .max)
        #expect(HitCount.adding(1 << 63, 1 << 63) == .max)
        #expect(HitCount.adding(2, 3) == 5)
    }
}
