import Foundation
import Testing

@testable import ResultImport

/// Our trimming agrees with Foundation's on the characters JUnit bodies and outputs contain.
@Suite struct TextTrimmingTests {
    static let samples = [
        "", "   ", "plain", "  padded \t", "\n\nline one\nline two\n\n", "\r\ncrlf\r\n", "\u{A0}no-break\u{A0}",
        "\u{2028}separator\u{2029}", "é\u{301} combining ", " \u{1F600} emoji\n", "\u{85}next line\u{85}",
    ]

    @Test(arguments: samples)
    func whitespaceTrimmingMatchesFoundation(text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(arguments: samples)
    func lineBreakTrimmingMatchesFoundation(text: String) {
        #expect(text.trimmingLineBreaks() == text.trimmingCharacters(in: .newlines))
    }
}
