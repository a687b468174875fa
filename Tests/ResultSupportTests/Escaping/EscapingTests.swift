import Foundation
import ResultSupport
import Testing

/// The escapers, each against the edge cases of its specification.
struct HTMLEscapingTests {
    @Test func theFiveSpecialCharactersBecomeReferences() {
        #expect(
            HTMLEscaping.escape("<a href=\"x\" title='y'>&amp;</a>")
                == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;")
    }

    @Test func controlCharactersBecomeReplacementCharactersButWhitespaceStays() {
        #expect(HTMLEscaping.escape("a\tb\nc\rd") == "a\tb\nc\rd")
        #expect(HTMLEscaping.escape("\u{0}\u{1B}\u{7F}\u{80}\u{9F}") == String(repeating: "\u{FFFD}", count: 5))
        #expect(HTMLEscaping.escape("\u{A0}é漢😀") == "\u{A0}é漢😀")
    }

    @Test func textWithNothingToEscapeIsReturnedAsItIs() {
        #expect(HTMLEscaping.escape("plain text 123") == "plain text 123")
        #expect(HTMLEscaping.escape("") == "")
    }

    @Test func bytesAndStringsEscapeAlike() {
        let text = "x<\u{1}>\u{85}'\"&漢"
        var bytes: [UInt8] = []
        HTMLEscaping.appendEscaped(text, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == HTMLEscaping.escape(text))
    }

    @Test func onlyWebURLsAreLinked() {
        #expect(HTMLEscaping.safeExternalURL("https://ci.example/run/1") == "https://ci.example/run/1")
        #expect(HTMLEscaping.safeExternalURL("javascript:alert(1)") == nil)
        #expect(HTMLEscaping.safeExternalURL("data:text/html,x") == nil)
        #expect(HTMLEscaping.safeExternalURL("https://x/\"onclick=y") == nil)
    }
}

struct JSONEscapingTests {
    @Test func quotesBackslashesAndControlsAreEscaped() {
        #expect(JSONEscaping.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONEscaping.quoted("\n\r\t") == #""\n\r\t""#)
        #expect(JSONEscaping.quoted("\u{0}\u{8}\u{C}\u{1F}") == #""\u0000\u0008\u000c\u001f""#)
    }

    @Test func everythingElseIsKept() {
        #expect(JSONEscaping.quoted("/<>&\u{7F}é\u{2028}😀") == "\"/<>&\u{7F}é\u{2028}😀\"")
    }

    @Test func scriptSafeLiteralsCannotEndAScript() {
        #expect(JSONEscaping.quoted("</script><!--&", scriptSafe: true) == #""\u003c/script\u003e\u003c!--\u0026""#)
        #expect(JSONEscaping.quoted("a\u{2028}b\u{2029}c", scriptSafe: true) == #""a\u2028b\u2029c""#)
    }

    @Test func theResultIsJSONThatReadsBack() throws {
        let text = "x\"\\\u{1}\n</script>\u{2028}漢"
        for scriptSafe in [false, true] {
            let literal = JSONEscaping.quoted(text, scriptSafe: scriptSafe)
            let decoded = try JSONDecoderShim.decodeString(literal)
            #expect(decoded == text)
        }
    }
}

struct MarkdownEscapingTests {
    @Test func markdownSyntaxBecomesCharacterReferences() {
        #expect(
            MarkdownEscaping.html("*a* _b_ `c` ~d~ [e](f) @g #1 $x$ a|b \\*")
                == "&#42;a&#42; &#95;b&#95; &#96;c&#96; &#126;d&#126; &#91;e&#93;(f) &#64;g &#35;1 &#36;x&#36; a&#124;b &#92;&#42;"
        )
    }

    @Test func htmlIsEscapedIncludingTheApostrophe() {
        #expect(
            MarkdownEscaping.html("<img src='x' onerror=\"y\">&")
                == "&lt;img src=&#39;x&#39; onerror=&quot;y&quot;&gt;&amp;")
    }

    @Test func escapeSequencesAndControlsAreCleanedFirst() {
        #expect(
            MarkdownEscaping.html("\u{1B}[31mred\u{1B}]8;;https://x\u{1B}\\link\u{1B}]8;;\u{1B}\\\u{7}")
                == "redlink\u{FFFD}")
    }

    @Test func inlineTextStaysOnOneLine() {
        #expect(MarkdownEscaping.inline("a\nb") == "a b")
        #expect(MarkdownEscaping.table("a|b\nc") == "a&#124;b c")
    }

    @Test func onlyWebURLsAreLinked() {
        #expect(MarkdownEscaping.safeURL("https://ci.example/1") == "https://ci.example/1")
        #expect(MarkdownEscaping.safeURL("https://x/a) [y](javascript:z") == nil)
        #expect(MarkdownEscaping.safeURL("javascript:alert(1)") == nil)
    }
}
