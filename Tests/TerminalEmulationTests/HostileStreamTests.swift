import Foundation
import Testing
import _TestSupport

@testable import TerminalEmulation

/// Hostile or broken streams cost bounded time and memory and never print their control sequences.
struct HostileStreamTests {
    static func elapsed(_ body: () -> Void) -> Double {
        let start = Date()
        body()
        return Date().timeIntervalSince(start)
    }

    @Test func hugeCursorMovesAreClampedAndFast() {
        var emulator = TerminalEmulator(columns: 80, rows: 24)
        let seconds = Self.elapsed {
            for _ in 0..<1000 {
                emulator.feed("\u{1B}[99999999C\u{1B}[99999999B\u{1B}[99999999@\u{1B}[99999999L\u{1B}[99999999b")
            }
            emulator.feed("\u{1B}[99999999;99999999HX")
        }
        #expect(seconds < 5)
        #expect(emulator.cursor.row == 23)
        #expect(emulator.text.hasSuffix("X"))
    }

    @Test func anEndlessOperatingSystemCommandKeepsBoundedText() {
        var emulator = TerminalEmulator(columns: 20, rows: 2)
        emulator.feed("\u{1B}]0;")
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
        for _ in 0..<64 { emulator.feed(chunk) }  // 4 MiB of title
        #expect(emulator.parser.oscText.count <= ControlSequenceParser.oscLimit)
        emulator.feed("\u{07}after")
        #expect(emulator.text == "after\n")
        #expect((emulator.windowTitle ?? "").count == ControlSequenceParser.oscLimit - 2)
    }

    @Test func tenThousandParametersAreBounded() {
        var emulator = TerminalEmulator(columns: 20, rows: 2)
        let parameters = Array(repeating: "1", count: 10_000).joined(separator: ";")
        emulator.feed("\u{1B}[\(parameters)mbold")
        #expect(emulator.parser.parameters.count <= ControlSequenceParameters.capacity)
        #expect(emulator.text == "bold\n")
        #expect(emulator.snapshot().lines[0].runs.first?.style.attributes == .bold)
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        var emulator = TerminalEmulator(columns: 20, rows: 2)
        emulator.feed([0x61, 0xFF, 0x62, 0xC3, 0x63, 0xE4, 0xB8, 0x1B, 0x5B, 0x31, 0x6D, 0x64, 0xED, 0xA0, 0x80, 0x65])
        #expect(emulator.text == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}\u{FFFD}\u{FFFD}e\n")
    }

    @Test func randomBytesNeverCrashOrOverflowTheScreen() {
        var generator = SeededGenerator(seed: 7)
        var emulator = TerminalEmulator(columns: 40, rows: 10, scrollbackLimit: 50)
        let alphabet: [UInt8] =
            Array("\u{1B}[;?:0123456789mHJKABCDrLMP@hl\n\r\t\u{8}x]P\\".utf8) + [0x07, 0xE4, 0xB8, 0xAD, 0xFF]
        for _ in 0..<200 {
            let bytes = (0..<500).map { _ in alphabet.randomElement(using: &generator)! }
            emulator.feed(bytes)
        }
        let snapshot = emulator.snapshot(includeScrollback: true)
        #expect(snapshot.lines.count == 10)
        #expect(snapshot.scrollback.count <= 50)
        #expect(emulator.text.split(separator: "\n", omittingEmptySubsequences: false).count == 10)
    }

    @Test(arguments: [(1, 1), (2, 1), (1, 3), (3, 2)])
    func tinyScreensSurviveEverything(columns: Int, rows: Int) throws {
        var emulator = TerminalEmulator(columns: columns, rows: rows, scrollbackLimit: 5)
        for stream in Fixtures.all { emulator.feed(try stream.bytes()) }
        emulator.feed("中文😀e\u{301}\u{1B}[?7l中\u{1B}[4h中a\u{1B}[2;1r\u{1B}[5L\u{1B}[5M\u{1B}[9@\u{1B}[9P\u{1B}[b")
        #expect(emulator.snapshot(includeScrollback: true).lines.count == rows)
        #expect(emulator.scrollbackCount <= 5)
    }

    @Test func unknownSequencesAreNeverPrinted() {
        var emulator = TerminalEmulator(columns: 40, rows: 2)
        emulator.feed(
            "a\u{1B}[?9999;1$zb\u{1B}P+q544e\u{1B}\\c\u{1B}_private\u{1B}\\d\u{1B}^pm\u{1B}\\e\u{1B}X sos\u{1B}\\f\u{1B}#9g\u{1B}%Gh"
        )
        #expect(emulator.text == "abcdefgh\n")
    }

    @Test func scrollbackIsBounded() {
        var emulator = TerminalEmulator(columns: 10, rows: 3, scrollbackLimit: 100)
        for index in 0..<1000 { emulator.feed("line \(index)\r\n") }
        let snapshot = emulator.snapshot(includeScrollback: true)
        #expect(snapshot.scrollback.count == 100)
        #expect(snapshot.scrollback.first?.runs.first?.text == "line 898")
        #expect(snapshot.scrollback.last?.runs.first?.text == "line 997")
    }
}
