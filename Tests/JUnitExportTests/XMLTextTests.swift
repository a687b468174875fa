import Testing

@testable import JUnitExport

@Suite struct XMLTextTests {
    private func viaCString(_ text: String) -> String { XMLText.withCleanCString(text) { String(cString: $0) } }

    @Test(arguments: ["", "plain", "tab\tline\nreturn\r", "é ü 日本 🙂", "<&\"'>", "]]>"])
    func cleanTextPassesUnchanged(text: String) {
        #expect(viaCString(text) == text)
    }

    @Test func forbiddenCharactersAreReplacedEvenAfterANul() {
        #expect(viaCString("a\u{0}b\u{1}c") == "a\u{FFFD}b\u{FFFD}c")
        #expect(viaCString("x\u{FFFE}y\u{FFFF}z") == "x\u{FFFD}y\u{FFFD}z")
        #expect(viaCString("\u{1B}[31mred\u{1B}[0m") == "red")
        #expect(viaCString("allowed \u{FFFD}\u{EFBF}\u{FFFD}") == "allowed \u{FFFD}\u{EFBF}\u{FFFD}")
    }

    /// The scan reads eight bytes at a time: every position, on and across group boundaries, must be seen.
    @Test func everyPositionIsChecked() {
        for position in 0..<20 {
            for control in [0x00, 0x01, 0x1B, 0x1F, 0x09, 0x0A, 0x0D, 0x20, 0x7F] as [UInt8] {
                var bytes = [UInt8](repeating: 0x61, count: 20)
                bytes[position] = control
                let expected = control >= 0x20 || control == 0x09 || control == 0x0A || control == 0x0D
                #expect(bytes.withUnsafeBufferPointer { XMLText.isAlreadyClean($0) } == expected, "\(position)")
            }
            guard position <= 17 else { continue }
            for (last, expected) in [(0xBE, false), (0xBF, false), (0xBD, true)] as [(UInt8, Bool)] {
                var bytes = [UInt8](repeating: 0x61, count: 20)
                bytes.replaceSubrange(position..<position + 3, with: [0xEF, 0xBF, last])
                #expect(bytes.withUnsafeBufferPointer { XMLText.isAlreadyClean($0) } == expected, "\(position)")
            }
        }
    }
}
