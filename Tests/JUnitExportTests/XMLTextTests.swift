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
}
