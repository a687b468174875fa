import Foundation
import Testing

@testable import HTMLReport

@Suite struct TextPreviewHTMLTests {
    private func lines(_ html: String) -> [String] {
        html.components(separatedBy: "<span class=\"line\">").dropFirst().map {
            String($0[..<($0.range(of: "</span>")?.lowerBound ?? $0.endIndex)])
        }
    }

    @Test func numbersEveryLineAndEscapesHostileText() {
        let html = TextPreviewHTML.render(
            Data("one\r\n<script>window.__pwned=1</script>\n\n\u{1B}[31m\" onmouseover=\"x\n".utf8), isJSON: false)
        #expect(html.hasPrefix("<pre class=\"preview lines\"><code>"))
        #expect(
            lines(html) == [
                "one", "&lt;script&gt;window.__pwned=1&lt;/script&gt;", "", "&quot; onmouseover=&quot;x",
            ])
        #expect(!html.contains("<script>"))
        #expect(!html.contains("\u{1B}"))
        #expect(!html.contains("preview-note"))
    }

    @Test func reformatsValidJSONAndSaysSo() {
        let html = TextPreviewHTML.render(Data(#"{"b":"<i>x</i>","a":[1]}"#.utf8), isJSON: true)
        #expect(
            lines(html) == [
                "{", "  &quot;b&quot;: &quot;&lt;i&gt;x&lt;/i&gt;&quot;,", "  &quot;a&quot;: [", "    1", "  ]", "}",
            ])
        #expect(html.contains("JSON, reformatted for reading."))
    }

    @Test func showsInvalidJSONAsWritten() {
        let html = TextPreviewHTML.render(Data(#"{"open": [1, 2"#.utf8), isJSON: true)
        #expect(lines(html) == [#"{&quot;open&quot;: [1, 2"#])
        #expect(!html.contains("reformatted"))
    }

    @Test func showsOnlyWholeLinesUpToTheLimits() {
        let many = (1...500).map { "line \($0)" }.joined(separator: "\n")
        let byLines = TextPreviewHTML.render(Data(many.utf8), isJSON: false)
        #expect(lines(byLines).count == TextPreviewHTML.lineLimit)
        #expect(byLines.contains("The first \(TextPreviewHTML.lineLimit) lines; download the file for the rest."))

        let long = String(repeating: "x", count: 100) + "\n" + String(repeating: "y", count: 20_000)
        let byBytes = TextPreviewHTML.render(Data(long.utf8), isJSON: false)
        #expect(lines(byBytes) == [String(repeating: "x", count: 100)])
        #expect(byBytes.contains("The first line; download the file for the rest."))
    }

    @Test(arguments: [
        ("application/json", "a.bin", true), ("application/problem+json; charset=utf-8", "a", true),
        ("application/octet-stream", "DATA.JSON", true), ("text/plain", "a.txt", false),
    ])
    func recognizesJSONByMediaTypeOrName(mediaType: String, name: String, expected: Bool) {
        #expect(TextPreviewHTML.isJSON(mediaType: mediaType, name: name) == expected)
    }
}
