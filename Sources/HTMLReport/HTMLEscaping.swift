/// Escapes untrusted text for HTML element content and quoted attribute values.
///
/// Every character that could end a text node or an attribute (`<`, `>`, `&`, `"`, `'`) becomes an entity, and
/// control characters other than tab, line feed and carriage return become U+FFFD, so nothing from a test name,
/// message, log or snapshot can open a tag, close an attribute or run script.
public enum HTMLEscaping {
    /// `text` safe to place between tags or inside a double- or single-quoted attribute.
    public static func escape(_ text: some StringProtocol) -> String {
        let needsWork = text.utf8.contains { byte in
            byte < 0x20 || byte == 0x3C || byte == 0x3E || byte == 0x26 || byte == 0x22 || byte == 0x27 || byte >= 0x7F
        }
        if !needsWork { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    result.unicodeScalars.append("\u{FFFD}")
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// A URL safe for `href`: only `http`, `https` and relative paths of our own are kept; anything else
    /// (`javascript:`, `data:`, ...) becomes `nil`.
    public static func safeExternalURL(_ url: String) -> String? {
        let lowered = url.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else { return nil }
        guard !url.unicodeScalars.contains(where: { $0.value < 0x21 || $0 == "\"" || $0 == "<" || $0 == ">" })
        else { return nil }
        return url
    }
}
