import ResultModel
import ResultSupport
import TerminalEmulation
import Testing

/// A snapshot's pen and an ANSI log's style read SGR attribute and basic color codes from one table, so the same
/// sequence styles a snapshot cell and a log's text alike (sub-parameters included: `4:0` is "no underline" in both).
struct GraphicRenditionTableTests {
    @Test(arguments: [
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "21", "1;2;22", "3;23", "4;24", "5;25", "7;27", "8;28", "9;29",
        "4;4:0", "4:1", "4:3", "1;0;3", "1;31;4", "1;2;3;4;5;7;8;9", "31", "91;42", "31;39", "44;49", "103",
        "97;100", "1;31;0;32",
    ])
    func aSnapshotAndALogGiveTheSameAttributes(parameters: String) throws {
        var emulator = TerminalEmulator(columns: 4, rows: 1)
        emulator.feed("\u{1B}[\(parameters)mX")
        let run = try #require(emulator.snapshot().lines.first?.runs.first)
        var style = TextStyle()
        style.applySelectGraphicRendition(parameters)
        #expect(run.style.attributes == style.attributes)
        #expect(Self.paletteIndex(run.style.foreground) == style.foreground)
        #expect(Self.paletteIndex(run.style.background) == style.background)
    }

    private static func paletteIndex(_ color: TerminalColor) -> Int? {
        if case .indexed(let index) = color { return Int(index) }
        return nil
    }
}
