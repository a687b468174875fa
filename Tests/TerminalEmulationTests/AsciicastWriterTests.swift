import Foundation
import Testing
import _TestSupport

@testable import TerminalEmulation

/// Writing asciicast v2 recordings.
struct AsciicastWriterTests {
    @Test func eventsEscapeJSONAndKeepCharactersWhole() throws {
        var writer = AsciicastWriter()
        let bytes = Array("a\"\\\n\u{1B}[31m中".utf8)
        let first = writer.outputEvent(time: 0.5, bytes: bytes.dropLast(2))
        let second = writer.outputEvent(time: 1.25, bytes: bytes.suffix(2))
        #expect(first == "[0.500000, \"o\", \"a\\\"\\\\\\n\\u001b[31m\"]\n")
        #expect(second == "[1.250000, \"o\", \"中\"]\n")
        #expect(writer.outputEvent(time: 2, bytes: [0xE4]) == nil)
        #expect(writer.finish(time: 3) == "[3.000000, \"o\", \"\u{FFFD}\"]\n")
    }

    @Test func writtenRecordingsReadBack() throws {
        var text = AsciicastWriter.header(width: 10, height: 2, timestamp: 1_700_000_000, title: "t \"q\"")
        var writer = AsciicastWriter()
        for (time, chunk) in [(0.1, "héllo"), (0.2, "\r\n\u{1B}[1mwörld")] {
            text += writer.outputEvent(time: time, bytes: Array(chunk.utf8)) ?? ""
        }
        var reader = AsciicastReader()
        let events = try reader.feed(Array(text.utf8)) + reader.finish()
        #expect(reader.header?.title == "t \"q\"")
        #expect(events.map(\.data).joined() == "héllo\r\n\u{1B}[1mwörld")
    }

    @Test func aSessionRecordingReplaysToTheSameScreen() throws {
        let session = try PseudoTerminalSession(
            command: ["sh", "-c", "printf 'one\\n'; sleep 0.1; printf '\\033[32mtwo 中文\\n'"], columns: 20, rows: 4)
        #expect(session.waitForExit(timeout: 10) == 0)
        let folder = try TestPaths.makeTemporaryDirectory("cast")
        let file = folder.appendingPathComponent("session.cast")
        try session.asciicast(title: "demo").write(to: file, atomically: true, encoding: .utf8)
        let replayed = try AsciicastReader.replay(contentsOf: file)
        #expect(replayed.text == session.text)
        #expect(replayed.snapshot() == session.snapshot())
    }
}
