/// Escaping of untrusted text in GitHub-flavored Markdown (and the inline HTML it allows), so a test name or
/// message never becomes markup, a link, a mention, math, a table cell break or an HTML tag.
///
/// Text is first cleaned as for display (``DisplayText``: no escape sequences, no control characters), then
/// every character that can start Markdown syntax becomes a numeric character reference, which both Markdown and
/// HTML show as the character itself:
/// - HTML: `<` `>` `&` `"` `'`;
/// - emphasis, code, strikethrough and escapes: `*` `_` `` ` `` `~` `\`;
/// - links, images and autolinks: `[` `]`; mentions `@`; issue references `#`; math `$`;
/// - table cells: `|`.
package enum MarkdownEscaping {
    /// `text` safe inside Markdown text, inline HTML and `<pre>` blocks; line feeds are kept.
    package static func html(_ text: String) -> String {
        var result = ""
        for scalar in DisplayText.clean(text).unicodeScalars {
            switch scalar {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\"": result += "&quot;"
            case "'", "|", "`", "[", "]", "*", "_", "@", "~", "\\", "#", "$":
                result += "&#\(scalar.value);"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` on one line: line feeds become spaces.
    package static func inline(_ text: String) -> String {
        html(text).replacingOccurrences(of: "\n", with: " ")
    }

    /// `text` for a table cell (one line, no cell break).
    package static func table(_ text: String) -> String { inline(text) }

    /// A URL safe for a Markdown link target: only `http` and `https`, without spaces, parentheses, angle
    /// brackets, quotes or line breaks; anything else is `nil`.
    package static func safeURL(_ url: String) -> String? {
        let lowered = url.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else { return nil }
        guard !url.contains(where: { $0 == " " || $0 == ")" || $0 == "<" || $0 == ">" || $0 == "\"" || $0.isNewline })
        else { return nil }
        return url
    }
}
