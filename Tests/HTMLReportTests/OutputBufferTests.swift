import Foundation
import ResultModel
import ResultSupport
import Testing

@testable import HTMLReport

@Suite struct OutputBufferTests {
    static let hostileTexts = [
        "", "plain", "<script>alert('x')</script>", "a & b \"quoted\" 'single'", "tab\tline\nreturn\r",
        "nul\u{0} bell\u{7} esc\u{1B}[31m del\u{7F}", "c1 \u{80}\u{85}\u{9F} then \u{A0}\u{A9}",
        "é ü 漢字 🙂 \u{2028}\u{2029}",
        "\u{C2}", "ends with c2 \u{C2}\u{C2}\u{80}", "</script><!--", "\\ back\\slash \"",
    ]

    @Test(arguments: [0, 7, 10, 99, 1_000, 4_294_967_295, -1, -120, Int.max, Int.min])
    func decimalsAreWhatStringWrites(value: Int) {
        var buffer = OutputBuffer()
        buffer.appendDecimal(value)
        #expect(buffer.string == String(value))
    }

    @Test(arguments: hostileTexts)
    func htmlEscapingMatchesHTMLEscaping(text: String) {
        var buffer = OutputBuffer()
        buffer.appendEscapedHTML(text)
        #expect(buffer.string == HTMLEscaping.escape(text))
    }

    @Test(arguments: hostileTexts)
    func jsonStringsDecodeToTheTextAndHideMarkup(text: String) throws {
        var buffer = OutputBuffer()
        buffer.appendJSONString(text)
        let decoded = try JSONDecoder().decode(String.self, from: Data(buffer.bytes))
        #expect(decoded == text)
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}", "\n", "\u{0}"] {
            #expect(!buffer.string.contains(forbidden))
        }
    }

    @Test func hexAndDecimalDigits() {
        var buffer = OutputBuffer()
        buffer.appendHex(0x00ab_cdef_0123_4567)
        buffer.append(" ")
        buffer.appendDecimal(1234)
        #expect(buffer.string == "00abcdef01234567 1234")
        #expect(ReportPaths.hash("M/S/test") == ReportPaths.hex(StableHash.of("M/S/test")))
    }

    @Test func durationsAreTheOneFormattersWithUnknownLeftEmpty() {
        let values: [Double] = [0, -0.0, 0.0005, 0.4994, 0.9995, 1, 2.675, 59.96, 119.995, 245, 3599.9, 26_220, -3]
        for value in values {
            #expect(ReportFormatting.duration(value) == NumberText.duration(value), "\(value)")
        }
        #expect(ReportFormatting.duration(nil) == "")
        #expect(ReportFormatting.duration(.nan) == "")
    }
}
