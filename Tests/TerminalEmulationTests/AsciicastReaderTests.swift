import Foundation
import Testing
import _TestSupport

@testable import TerminalEmulation

/// Reading asciicast v2 recordings.
struct AsciicastReaderTests {
    static let recording = """
        {"version": 2, "width": 20, "height": 3, "timestamp": 1700000000, "title": "demo"}
        [0.1, "o", "hello "]
        [0.2, "i", "ignored input"]
        [0.5, "o", "\\u001b[31mworld\\u001b[0m\\r\\n"]
        [1.0, "m", "marker"]
        [1.5, "o", "\\u4e2d\\u6587"]

        """

    @Test func readsTheHeaderAndEventsAcrossChunks() throws {
        var reader = AsciicastReader()
        var events: [AsciicastEvent] = []
        let bytes = Array(Self.recording.utf8)
        for chunk in stride(from: 0, to: bytes.count, by: 7).map({ bytes[$0..<min($0 + 7, bytes.count)] }) {
            events += try reader.feed(chunk)
        }
        events += try reader.finish()
        #expect(
            reader.header == AsciicastHeader(version: 2, width: 20, height: 3, timestamp: 1_700_000_000, title: "demo"))
        #expect(events.map(\.code) == ["o", "i", "o", "m", "o"])
        #expect(events[2] == AsciicastEvent(time: 0.5, code: "o", data: "\u{1B}[31mworld\u{1B}[0m\r\n"))
    }

    @Test func replaysAFileIntoAnEmulator() throws {
        let folder = try TestPaths.makeTemporaryDirectory("cast")
        let file = folder.appendingPathComponent("demo.cast")
        try Self.recording.write(to: file, atomically: true, encoding: .utf8)
        let emulator = try AsciicastReader.replay(contentsOf: file)
        #expect(emulator.columns == 20 && emulator.rows == 3)
        #expect(emulator.text == "hello world\n中文\n")
        #expect(try AsciicastReader.replay(contentsOf: file, until: 0.3).text == "hello\n\n")
    }

    @Test(arguments: [
        ("not json\n", 1, TerminalEmulationError.Code.invalidAsciicast),
        ("{\"version\": 1, \"width\": 80, \"height\": 24}\n", 1, .unsupportedAsciicastVersion),
        ("{\"version\": 2, \"width\": 80}\n", 1, .invalidAsciicast),
        ("{\"version\": 2, \"width\": 80, \"height\": 24}\n[1, \"o\"]\n", 2, .invalidAsciicast),
        ("{\"version\": 2, \"width\": 80, \"height\": 24}\n[\"x\", \"o\", \"a\"]\n", 2, .invalidAsciicast),
    ])
    func reportsBadLinesWithTheirNumber(text: String, line: Int, code: TerminalEmulationError.Code) {
        var reader = AsciicastReader(fileName: "bad.cast")
        #expect {
            _ = try reader.feed(Array(text.utf8))
            _ = try reader.finish()
        } throws: { error in
            let error = error as? TerminalEmulationError
            return error?.code == code && error?.line == line && error?.file == "bad.cast"
        }
    }

    @Test func anEmptyRecordingIsAnError() {
        var reader = AsciicastReader()
        #expect(throws: TerminalEmulationError.self) { _ = try reader.finish() }
    }
}
