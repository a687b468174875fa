import HTMLReport
import ResultModel
import ResultSupport
import Testing

@Suite struct EscapingTests {
    @Test func escapingNeutralisesMarkupAndControlCharacters() {
        #expect(HTMLEscaping.escape("<a href='x'>\"&\u{0}") == "&lt;a href=&#39;x&#39;&gt;&quot;&amp;\u{FFFD}")
    }

    @Test func onlyHTTPLinksSurvive() {
        #expect(HTMLEscaping.safeExternalURL("javascript:alert(1)") == nil)
        #expect(HTMLEscaping.safeExternalURL("https://ci.example/job/1") == "https://ci.example/job/1")
        #expect(HTMLEscaping.safeExternalURL("https://x\" onclick=\"y") == nil)
    }

    @Test func ansiColorsBecomeClassesAndEverythingElseIsEscaped() {
        let html = ANSIToHTML.render(
            "\u{1B}[1;31mred <b>\u{1B}[0m \u{1B}[38;2;255;0;0mtrue\u{1B}[0m\u{1B}]0;title\u{07}")
        #expect(html == "<span class=\"f1 sb\">red &lt;b&gt;</span> <span class=\"f196\">true</span>")
    }

    @Test func terminalSnapshotsAreTextGridsWithColors() {
        let snapshot = TerminalSnapshot(
            columns: 10, rows: 1,
            lines: [
                TerminalLine(runs: [
                    TerminalRun(text: "<x>", style: TerminalStyle(foreground: .indexed(2), attributes: [.bold]))
                ])
            ])
        let html = TerminalSnapshotHTML.render(snapshot, label: "shot \"1\"")
        #expect(html.contains("<span class=\"f2 sb\">&lt;x&gt;</span>"))
        #expect(html.contains("aria-label=\"shot &quot;1&quot;\""))
    }
}
