import Foundation
import ResultModel
import Testing

@testable import TerminalEmulation

/// Behaviour of the screen model beyond plain text: styles, cursor, modes, scrollback, titles.
struct ScreenTests {
    static func emulator(_ input: String, columns: Int = 20, rows: Int = 4) -> TerminalEmulator {
        var emulator = TerminalEmulator(columns: columns, rows: rows)
        emulator.feed(input)
        return emulator
    }

    @Test func lineFeedDoesNotReturnTheCarriage() {
        #expect(Self.emulator("ab\ncd").text == "ab\n  cd\n\n")
    }

    @Test func selectGraphicRenditionSetsColorsAndAttributes() throws {
        let snapshot = Self.emulator(
            "\u{1B}[1;31mA\u{1B}[22;38;5;200mB\u{1B}[38:2::1:2:3;48:5:9mC\u{1B}[38;2;4;5;6;4mD\u{1B}[0;7;9mE\u{1B}[27;29;3mF\u{1B}[mG"
        ).snapshot()
        let runs = snapshot.lines[0].runs
        #expect(runs.map(\.text) == ["A", "B", "C", "D", "E", "F", "G"])
        #expect(runs[0].style == TerminalStyle(foreground: .indexed(1), attributes: .bold))
        #expect(runs[1].style == TerminalStyle(foreground: .indexed(200)))
        #expect(runs[2].style == TerminalStyle(foreground: .rgb(red: 1, green: 2, blue: 3), background: .indexed(9)))
        #expect(
            runs[3].style
                == TerminalStyle(
                    foreground: .rgb(red: 4, green: 5, blue: 6), background: .indexed(9), attributes: .underline))
        #expect(runs[4].style == TerminalStyle(attributes: [.inverse, .strikethrough]))
        #expect(runs[5].style == TerminalStyle(attributes: [.italic]))
        #expect(runs[6].style == TerminalStyle())
    }

    @Test func brightAndResetColors() {
        let runs = Self.emulator("\u{1B}[91;102mA\u{1B}[39mB\u{1B}[49mC").snapshot().lines[0].runs
        #expect(runs[0].style == TerminalStyle(foreground: .indexed(9), background: .indexed(10)))
        #expect(runs[1].style == TerminalStyle(background: .indexed(10)))
        #expect(runs[2].style == TerminalStyle())
    }

    @Test func wideCharactersTakeTwoCellsAndWrapAtTheLastColumn() {
        let emulator = Self.emulator("abcd中", columns: 5, rows: 2)
        #expect(emulator.text == "abcd\n中")
        #expect(emulator.snapshot().lines[0].isWrapped)
    }

    @Test func pendingWrapWaitsForTheNextCharacter() {
        var emulator = Self.emulator("abcde", columns: 5, rows: 2)
        #expect(emulator.cursor.row == 0 && emulator.cursor.column == 4)
        emulator.feed("f")
        #expect(emulator.text == "abcde\nf")
    }

    @Test func autowrapOffOverwritesTheLastColumn() {
        #expect(Self.emulator("\u{1B}[?7labcdefg", columns: 5, rows: 2).text == "abcdg\n")
    }

    @Test func lineDrawingCharactersAreShownAsBoxDrawing() {
        #expect(Self.emulator("\u{1B}(0lqk\u{1B}(Bq").text.hasPrefix("┌─┐q"))
    }

    @Test func alternateScreenRestoresTheNormalScreenAndCursor() {
        var emulator = Self.emulator("normal\u{1B}[?1049h\u{1B}[Halt")
        #expect(emulator.isAlternateScreenActive)
        #expect(emulator.text.hasPrefix("alt\n"))
        emulator.feed("\u{1B}[?1049l!")
        #expect(emulator.text.hasPrefix("normal!"))
        #expect(!emulator.isAlternateScreenActive)
    }

    @Test func cursorVisibilityAndTitleAreReported() {
        let emulator = Self.emulator("\u{1B}[?25l\u{1B}]2;build <ok>\u{07}x")
        let snapshot = emulator.snapshot()
        #expect(snapshot.cursor == TerminalCursor(row: 0, column: 1, isVisible: false))
        #expect(snapshot.title == "build <ok>")
    }

    @Test func scrollbackKeepsLinesThatLeftTheNormalScreenOnly() {
        var emulator = Self.emulator("1\r\n2\r\n3\r\n4\r\n5\r\n6", rows: 3)
        #expect(emulator.snapshot(includeScrollback: true).scrollback.map { $0.runs.first?.text } == ["1", "2", "3"])
        emulator.feed("\u{1B}[?1049h\r\na\r\nb\r\nc\r\nd")
        #expect(emulator.scrollbackCount == 3)
        #expect(emulator.snapshot().scrollback.isEmpty)
    }

    @Test func eraseUsesTheCurrentBackground() {
        let snapshot = Self.emulator("\u{1B}[44m\u{1B}[2K", columns: 4, rows: 1).snapshot()
        #expect(snapshot.lines[0].runs == [TerminalRun(text: "    ", style: TerminalStyle(background: .indexed(4)))])
    }

    @Test func textTrimsTrailingSpacesAndKeepsEveryRow() {
        #expect(Self.emulator("a   \u{1B}[3;1Hb  ").text == "a\n\nb\n")
    }
}

/// Feeding files.
struct FileFeedingTests {
    @Test func feedingAFileEqualsFeedingItsBytes() throws {
        let stream = try #require(Fixtures.all.first { $0.name.hasPrefix("htop") })
        var fromFile = TerminalEmulator(columns: stream.columns, rows: stream.rows)
        try fromFile.feed(contentsOf: stream.url)
        var fromBytes = TerminalEmulator(columns: stream.columns, rows: stream.rows)
        fromBytes.feed(try stream.bytes())
        #expect(fromFile.snapshot() == fromBytes.snapshot())
        #expect(fromFile.text.contains("Tasks:"))
    }

    @Test func aMissingFileIsAnError() {
        var emulator = TerminalEmulator()
        #expect {
            try emulator.feed(contentsOf: URL(fileURLWithPath: "/nonexistent/stream.ans"))
        } throws: { error in
            (error as? TerminalEmulationError)?.code == .cannotRead
        }
    }
}
