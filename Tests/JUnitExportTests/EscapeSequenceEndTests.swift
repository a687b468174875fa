import JUnitExport
import Testing

/// An OSC ended by `ESC \` left a stray backslash in JUnit XML and in the Markdown summary (which cleans
/// its text the same way); sequences now end where ``ResultSupport/ANSIEscapes`` says, in every output.
@Suite struct EscapeSequenceEndTests {
    @Test func junitAndSummaryTextLoseTheWholeSequence() {
        let hyperlink = "see \u{1B}]8;;https://example.com\u{1B}\\the docs\u{1B}]8;;\u{1B}\\ now"
        #expect(XMLText.clean(hyperlink) == "see the docs now")
        #expect(XMLText.clean("a\u{1B}(Bb") == "ab")
    }
}
