import ResultModel
import Testing

@testable import TerminalEmulation

/// HTML, ANSI and text renderings of snapshots.
struct TerminalSnapshotRendererTests {
    static func snapshot(_ input: String, columns: Int = 40, rows: Int = 2) -> TerminalSnapshot {
        var emulator = TerminalEmulator(columns: columns, rows: rows)
        emulator.feed(input)
        return emulator.snapshot()
    }

    @Test func htmlEscapesHostileText() {
        let html = TerminalSnapshotRenderer.html(
            Self.snapshot("<script>alert('x')</script>&\"\u{1B}[31m<img src=x onerror=y>", columns: 80))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;"))
        #expect(html.contains("<span class=\"fg-1\">&lt;img src=x onerror=y&gt;</span>"))
        #expect(html.hasPrefix("<pre class=\"terminal\" data-columns=\"80\" data-rows=\"2\">"))
        #expect(html.hasSuffix("</pre>"))
    }

    @Test func htmlShowsColorsAsClassesAndComputedStyles() {
        let html = TerminalSnapshotRenderer.html(
            Self.snapshot("\u{1B}[1;32;44mA\u{1B}[0;38;5;196mB\u{1B}[48;2;1;2;255mC\u{1B}[0;7mD\u{1B}[0;38;5;244mE"))
        #expect(html.contains("<span class=\"fg-2 bg-4 bold\">A</span>"))
        #expect(html.contains("<span style=\"color:#ff0000\">B</span>"))
        #expect(html.contains("<span style=\"color:#ff0000;background:#0102ff\">C</span>"))
        #expect(html.contains("<span class=\"fg-default-background bg-default-foreground\">D</span>"))
        #expect(html.contains("<span style=\"color:#808080\">E</span>"))
    }

    @Test func colorsInHTMLComeOnlyFromNumbers() {
        let snapshot = TerminalSnapshot(
            columns: 4, rows: 1,
            lines: [
                TerminalLine(runs: [
                    TerminalRun(text: "\"x", style: TerminalStyle(foreground: .rgb(red: 255, green: 0, blue: 16)))
                ])
            ])
        let html = TerminalSnapshotRenderer.html(snapshot)
        #expect(html.contains("<span style=\"color:#ff0010\">&quot;x</span>"))
    }

    @Test func paletteFollowsXterm() {
        #expect(TerminalSnapshotRenderer.paletteColor(16) == (0, 0, 0))
        #expect(TerminalSnapshotRenderer.paletteColor(21) == (0, 0, 255))
        #expect(TerminalSnapshotRenderer.paletteColor(196) == (255, 0, 0))
        #expect(TerminalSnapshotRenderer.paletteColor(232) == (8, 8, 8))
        #expect(TerminalSnapshotRenderer.paletteColor(255) == (238, 238, 238))
        #expect(TerminalSnapshotRenderer.stylesheet.contains(".fg-9 { color: #ff0000; }"))
    }

    @Test func ansiRoundTripsThroughTheEmulator() {
        let original = Self.snapshot(
            "\u{1B}[1;31mred\u{1B}[0m \u{1B}[38;5;100;48;2;1;2;3mx\u{1B}[0m\r\n\u{1B}[4;9mline2")
        var replay = TerminalEmulator(columns: 40, rows: 2)
        replay.feed(TerminalSnapshotRenderer.ansi(original).replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(replay.snapshot().lines == original.lines)
    }

    @Test func textIsTheScreenText() {
        #expect(TerminalSnapshotRenderer.text(Self.snapshot("a\r\nb   ")) == "a\nb")
    }
}
