import Testing

@testable import TerminalEmulation

/// The `--keys` notation.
struct KeySequenceTests {
    @Test(arguments: [
        ("hello<Enter>", Array("hello\r".utf8)),
        ("<Up><Down><Right><Left>", Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8)),
        ("<C-c><c-D><C-[>", [0x03, 0x04, 0x1B]),
        ("<M-x><A-Enter>", [0x1B, 0x78, 0x1B, 0x0D]),
        ("a<lt>b> <3 x<y", Array("a<b> <3 x<y".utf8)),
        (
            "<Tab><Esc><BS><Space><Del><F1><F5><PageDown>",
            Array("\t\u{1B}\u{7F} \u{1B}[3~\u{1B}OP\u{1B}[15~\u{1B}[6~".utf8)
        ),
        ("中文", Array("中文".utf8)),
    ])
    func parsesNotation(notation: String, expected: [UInt8]) throws {
        #expect(try KeySequence(parsing: notation).bytes == expected)
    }

    @Test func unknownKeyNamesAreErrorsWithTheirOffset() {
        #expect {
            _ = try KeySequence(parsing: "ab<Bogus>")
        } throws: { error in
            let error = error as? TerminalEmulationError
            return error?.code == .invalidKeyNotation && error?.byteOffset == 2
        }
    }
}
