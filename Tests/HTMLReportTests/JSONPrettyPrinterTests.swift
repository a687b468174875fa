import Foundation
import Testing

@testable import HTMLReport

@Suite struct JSONPrettyPrinterTests {
    private func format(_ text: String) -> String? { JSONPrettyPrinter.format(Data(text.utf8)) }

    @Test func indentsMembersKeepingTheirOrderAndSpelling() {
        let formatted = format(#"{"zeta":1,"alpha":[true,false,null],"n":{"v":-1.5e3,"s":"a\"b\u00e9"},"e":{},"a":[]}"#)
        #expect(
            formatted == """
                {
                  "zeta": 1,
                  "alpha": [
                    true,
                    false,
                    null
                  ],
                  "n": {
                    "v": -1.5e3,
                    "s": "a\\"b\\u00e9"
                  },
                  "e": {},
                  "a": []
                }
                """)
    }

    @Test func acceptsScalarsAndSurroundingWhitespace() {
        #expect(format(" \n 42 \t") == "42")
        #expect(format(#""text""#) == #""text""#)
        #expect(format("[ ]") == "[]")
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "01", "1.", "-", "1e", "tru", "nul", "[1] x", "{'a':1}",
        "\"tab\there\"", "\"bad \\x escape\"", "\"\\u12g4\"", "{1:2}", "[1 2]", "NaN",
    ])
    func refusesInvalidJSON(text: String) {
        #expect(format(text) == nil)
    }

    @Test func refusesNestingDeeperThanTheLimit() {
        let deep =
            String(repeating: "[", count: JSONPrettyPrinter.maximumDepth + 1)
            + String(repeating: "]", count: JSONPrettyPrinter.maximumDepth + 1)
        #expect(format(deep) == nil)
        let allowed =
            String(repeating: "[", count: JSONPrettyPrinter.maximumDepth)
            + String(repeating: "]", count: JSONPrettyPrinter.maximumDepth)
        #expect(format(allowed) != nil)
    }

    @Test func checksTheWholeInputButStopsTheTextAtTheLimit() throws {
        let deep =
            String(repeating: "[", count: 60) + Array(repeating: "1", count: 10_000).joined(separator: ",")
            + String(repeating: "]", count: 60)
        let text = try #require(JSONPrettyPrinter.format(Data(deep.utf8), outputLimit: 4096))
        #expect(text.utf8.count < 4096 + 200)
        #expect(JSONPrettyPrinter.format(Data((deep + "]").utf8), outputLimit: 4096) == nil)
    }
}
