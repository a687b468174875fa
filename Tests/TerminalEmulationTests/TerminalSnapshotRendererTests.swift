import ResultModel
import Testing

@testable import TerminalEmulation

/// ANSI and text renderings of snapshots (the HTML drawing is tested with the report: TerminalSnapshotHTMLTests).
struct TerminalSnapshotRendererTests {
    static func snapshot(_ input: String, columns: Int = 40, rows: Int = 2) -> TerminalSnapshot {
        var emulator = TerminalEmulator(columns: columns, rows: rows)
        emulator.feed(input)
        return emulator.snapshot()
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
