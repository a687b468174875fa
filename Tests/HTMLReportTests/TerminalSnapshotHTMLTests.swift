import ContentHashing
import Foundation
import HTMLReport
import ResultModel
import ResultSupport
import Testing

/// The one HTML drawing of terminal snapshots (report pages and `snapshot --format html`).
struct TerminalSnapshotHTMLTests {
    static func snapshot(_ runs: [TerminalRun], scrollback: [TerminalLine] = []) -> TerminalSnapshot {
        TerminalSnapshot(columns: 80, rows: 1, lines: [TerminalLine(runs: runs)], scrollback: scrollback)
    }

    @Test func hostileTextIsEscaped() {
        let html = TerminalSnapshotHTML.render(
            Self.snapshot([
                TerminalRun(text: "<script>alert('x')</script>&\"", style: TerminalStyle()),
                TerminalRun(text: "<img src=x onerror=y>\u{7}\t", style: TerminalStyle(foreground: .indexed(1))),
            ]), label: "<b>")
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;"))
        #expect(html.contains("<span class=\"f1\">&lt;img src=x onerror=y&gt;\u{FFFD}\t</span>"))
        #expect(html.hasPrefix("<pre class=\"terminal\" role=\"img\" aria-label=\"&lt;b&gt;\" data-columns=\"80\""))
        #expect(html.hasSuffix("</pre>"))
    }

    @Test func colorsAndAttributesAreTheSharedClasses() {
        let html = TerminalSnapshotHTML.render(
            Self.snapshot([
                TerminalRun(
                    text: "A",
                    style: TerminalStyle(foreground: .indexed(2), background: .indexed(4), attributes: [.bold])),
                TerminalRun(text: "B", style: TerminalStyle(foreground: .indexed(196))),
                TerminalRun(text: "C", style: TerminalStyle(background: .rgb(red: 0, green: 0, blue: 255))),
                TerminalRun(text: "D", style: TerminalStyle(attributes: [.inverse])),
                TerminalRun(text: "E", style: TerminalStyle(attributes: [.hidden, .blink, .strikethrough])),
            ]), label: "x")
        #expect(html.contains("<span class=\"f2 b4 sb\">A</span>"))
        #expect(html.contains("<span class=\"f196\">B</span>"))
        #expect(html.contains("<span class=\"b21\">C</span>"))
        #expect(html.contains("<span class=\"f0 b15 sv\">D</span>"))
        #expect(html.contains("<span class=\"ss sh sk\">E</span>"))
        #expect(!html.contains("style="))
    }

    @Test func scrollbackRowsComeBeforeTheScreen() {
        let html = TerminalSnapshotHTML.render(
            Self.snapshot(
                [TerminalRun(text: "screen", style: TerminalStyle())],
                scrollback: [TerminalLine(runs: [TerminalRun(text: "old", style: TerminalStyle())])]), label: "x")
        #expect(html.contains("<span class=\"row\">old</span>\n<span class=\"row\">screen</span>\n</pre>"))
    }

    @Test func theStandaloneDocumentCarriesThePaletteUnderItsPolicy() throws {
        let document = try TerminalSnapshotHTML.document(
            Self.snapshot([TerminalRun(text: "r", style: TerminalStyle(foreground: .indexed(1)))]), title: "<t>")
        #expect(document.contains("<title>&lt;t&gt;</title>"))
        #expect(document.contains(".f1{color:#cd0000}"))
        let style = try #require(document.range(of: "<style>")).upperBound
        let end = try #require(document.range(of: "</style>")).lowerBound
        let hash = ContentHash.sha256Base64(Data(document[style..<end].utf8))
        // The policy is an attribute value, escaped as every one is (`&#39;` is read as `'`).
        #expect(document.contains("style-src &#39;sha256-\(hash)&#39;"))
        #expect(!document.contains("<script"))
    }
}
