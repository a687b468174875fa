import ResultSupport
import Testing

@testable import HTMLReport

/// An OSC ended by `ESC \` (OSC 8 hyperlinks, window titles) left a stray backslash in the report;
/// sequences now end where ``ResultSupport/ANSIEscapes`` says, in every output.
@Suite struct EscapeSequenceEndTests {
    static let hyperlink = "see \u{1B}]8;;https://example.com\u{1B}\\the docs\u{1B}]8;;\u{1B}\\ now"

    @Test func namesAndMessagesLoseTheWholeSequence() {
        #expect(DisplayText.clean(Self.hyperlink) == "see the docs now")
    }

    @Test func logsLoseTheWholeSequenceAndKeepTheirColors() {
        #expect(ANSIToHTML.render(Self.hyperlink) == "see the docs now")
        #expect(ANSIToHTML.render("\u{1B}]0;title\u{1B}\\\u{1B}[31mred") == "<span class=\"f1\">red</span>")
    }
}
