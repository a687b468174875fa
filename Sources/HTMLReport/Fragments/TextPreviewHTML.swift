import Foundation
import ResultSupport

/// Previews a text or JSON attachment on the test page: its first lines, each numbered (the numbers are drawn by
/// CSS counters, so copying the text copies no numbers), escaped by our own code. JSON that parses is shown
/// reformatted by ``JSONPrettyPrinter``; anything else as written.
enum TextPreviewHTML {
    /// Most bytes of an attachment's text shown (after reformatting, for JSON).
    static let byteLimit = 8192
    /// Most lines shown.
    static let lineLimit = 200
    /// Largest JSON attachment that is reformatted; a larger one is previewed as written.
    static let formattingLimit = 256 << 10

    /// Whether an attachment of this media type and name is JSON (`application/json`, `…+json`, `*.json`).
    static func isJSON(mediaType: String, name: String) -> Bool {
        let type = mediaType.lowercased().split(separator: ";").first.map(String.init) ?? ""
        return type.trimmingCharacters(in: .whitespaces) == "application/json" || type.hasSuffix("+json")
            || name.lowercased().hasSuffix(".json")
    }

    /// The preview of `data`; JSON is reformatted when `isJSON` and valid.
    static func render(_ data: Data, isJSON: Bool) -> String {
        var formatted: Data?
        if isJSON, data.count <= formattingLimit {
            formatted = JSONPrettyPrinter.format(data, outputLimit: 2 * byteLimit).map { Data($0.utf8) }
        }
        let shown = formatted ?? data
        let text = String(decoding: shown.prefix(byteLimit), as: UTF8.self)
        return render(text, isCut: shown.count > byteLimit, isFormatted: formatted != nil)
    }

    /// The preview of `text`, which is the start of a longer text when `isCut`.
    static func render(_ text: String, isCut: Bool, isFormatted: Bool = false) -> String {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false)
        // A text cut at a byte count ends inside a line: whole lines only. A final newline ends the last line.
        if lines.count > 1, isCut || lines.last?.isEmpty == true { lines.removeLast() }
        let isCut = isCut || lines.count > lineLimit
        var html = OutputBuffer(capacity: text.utf8.count + lines.count * 24 + 128)
        html.append("<pre class=\"preview lines\"><code>")
        for line in lines.prefix(lineLimit) {
            html.append("<span class=\"line\">")
            html.appendEscapedHTML(DisplayText.clean(String(line)))
            html.append("</span>")
        }
        html.append("</code></pre>")
        if isCut || isFormatted {
            html.append("<p class=\"hint preview-note\">")
            if isFormatted { html.append("JSON, reformatted for reading. ") }
            if isCut {
                let shown = min(lines.count, lineLimit)
                if shown == 1 {
                    html.append("The first line; download the file for the rest.")
                } else {
                    html.append("The first ")
                    html.appendDecimal(shown)
                    html.append(" lines; download the file for the rest.")
                }
            }
            html.append("</p>")
        }
        return html.string
    }
}
