import Foundation
import Testing
import _TestSupport

@testable import TerminalEmulation

/// Feeding a stream in pieces, split anywhere, gives the same screen as feeding it at once.
struct ChunkBoundaryTests {
    static let streams = Fixtures.all.filter { $0.name.hasPrefix("edge-") || $0.name.hasPrefix("htop") }

    static func screen(_ stream: Fixtures.Stream, chunks: [ArraySlice<UInt8>]) -> (String, String) {
        var emulator = TerminalEmulator(columns: stream.columns, rows: stream.rows)
        for chunk in chunks { emulator.feed(chunk) }
        let snapshot = emulator.snapshot(includeScrollback: true)
        return (emulator.text, String(describing: snapshot))
    }

    @Test(arguments: streams)
    func splittingAtEveryByteGivesTheSameScreen(stream: Fixtures.Stream) throws {
        let bytes = try stream.bytes()
        let whole = Self.screen(stream, chunks: [bytes[...]])
        let stride = max(1, bytes.count / 400)  // every byte for small streams, a sample for large ones
        for split in Swift.stride(from: 0, through: bytes.count, by: stride) {
            let pieces = [bytes[..<split], bytes[split...]]
            let result = Self.screen(stream, chunks: pieces)
            #expect(result == whole, "split at byte \(split) of \(stream.name)")
            if result != whole { break }
        }
    }

    @Test(arguments: streams)
    func byteByByteAndRandomChunksGiveTheSameScreen(stream: Fixtures.Stream) throws {
        let bytes = try stream.bytes()
        let whole = Self.screen(stream, chunks: [bytes[...]])
        #expect(Self.screen(stream, chunks: bytes.indices.map { bytes[$0...$0] }) == whole)
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<20 {
            var chunks: [ArraySlice<UInt8>] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...17, using: &generator))
                chunks.append(bytes[start..<end])
                start = end
            }
            #expect(Self.screen(stream, chunks: chunks) == whole)
        }
    }

    @Test func aCharacterSplitAcrossFeedsIsDecodedOnce() {
        var emulator = TerminalEmulator(columns: 10, rows: 2)
        let bytes = Array("中é😀".utf8)
        for byte in bytes { emulator.feed([byte]) }
        #expect(emulator.text == "中é😀\n")
    }
}
