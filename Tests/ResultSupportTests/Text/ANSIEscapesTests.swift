import Testing
import _TestSupport

@testable import ResultSupport

/// Where escape sequences end (ECMA-48), for every kind the importers, the report, JUnit and the summary meet.
@Suite struct ANSIEscapesTests {
    @Test(arguments: [
        ("\u{1B}[31mred\u{1B}[0m", "red"),
        ("\u{1B}[38;5;196mcolor\u{1B}[m", "color"),
        ("a\u{1B}]0;title\u{07}b", "ab"),  // OSC ended by BEL
        ("a\u{1B}]8;;https://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b", "alinkb"),  // OSC 8 hyperlinks, ended by ESC \
        ("a\u{1B}P+q544e\u{1B}\\b", "ab"),  // DCS
        ("a\u{1B}_apc\u{1B}\\b", "ab"),  // APC
        ("a\u{1B}(Bb", "ab"),  // designate G0: ESC, an intermediate byte, a final byte
        ("a\u{1B}7b\u{1B}8c", "abc"),  // save and restore the cursor
        ("a\u{1B}]unterminated", "a"),  // cut off by the end of the text
        ("a\u{1B}[12", "a"),
        ("trailing\u{1B}", "trailing"),
        ("a\u{1B}]title\u{1B}[31mred", "ared"),  // an OSC ended by another sequence's ESC
        ("ünï\u{1B}[1mcödé\u{1B}[0m 日本", "ünïcödé 日本"),
        ("plain", "plain"),
    ])
    func stripsEachSequenceWhole(input: String, expected: String) {
        #expect(ANSIEscapes.strip(input) == expected)
    }

    @Test func partsAreTextAndSequencesInOrder() {
        var parts: [String] = []
        var text = "a\u{1B}[1mb\u{1B}]0;t\u{07}c"
        text.withUTF8 { bytes in
            ANSIEscapes.forEachPart(of: bytes) { range in
                parts.append("text:" + String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
            } escape: { range, kind in
                parts.append("escape:\(range.count):\(kind)")
            }
        }
        #expect(
            parts == ["text:a", "escape:4:controlSequence(final: 109)", "text:b", "escape:6:controlString", "text:c"])
    }
}

/// Random bytes, ESC-heavy: stripping never traps and never leaves an ESC behind.
@Suite struct ANSIEscapesHostileInputTests {
    @Test func randomBytesLeaveNoEscape() throws {
        let seed = try TestSeed()
        var generator = seed.makeGenerator()
        let alphabet: [UInt8] = [
            0x1B, 0x1B, 0x07, 0x5B, 0x5D, 0x5C, 0x50, 0x5F, 0x28, 0x6D, 0x3B, 0x31, 0x41, 0xC3, 0xA9,
        ]
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            let stripped = bytes.withUnsafeBufferPointer { ANSIEscapes.strip($0) }
            #expect(!stripped.contains(0x1B), "\(bytes), \(seed)")
            #expect(stripped.count <= bytes.count, "\(bytes), \(seed)")
        }
    }
}
