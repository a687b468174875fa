import ResultSupport

/// The cleaning every annotation's text goes through before a format escapes it: line breaks of every kind become
/// line feeds, ANSI escape sequences are removed and other control characters become U+FFFD (``DisplayText``), and
/// long text is cut, saying so.
enum AnnotationText {
    /// The most characters a message keeps (GitHub allows 64 KiB per annotation message; a CI annotation is a
    /// pointer to the report, not the log).
    static let maxMessageCharacters = 4_000
    /// The most lines a message keeps.
    static let maxMessageLines = 40
    /// The most UTF-8 bytes a title keeps (GitHub allows 255). Bytes, not characters: one character may carry
    /// any number of combining marks.
    static let maxTitleCharacters = 200

    /// `text` with line feeds as its only line breaks, no escape sequences or control characters, and cut to the
    /// message limits.
    static func message(_ text: String) -> String {
        let cleaned = DisplayText.clean(unifyingLineBreaks(text))
        var lines = cleaned.split(separator: "\n", omittingEmptySubsequences: false)
        while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }), lines.count > 1 {
            lines.removeLast()
        }
        var result = lines.prefix(maxMessageLines).joined(separator: "\n")
        var cut = lines.count > maxMessageLines
        if result.count > maxMessageCharacters {
            result = String(result.prefix(maxMessageCharacters))
            cut = true
        }
        if cut { result += "\n… (cut; the report has the whole message)" }
        return result
    }

    /// `text` on one line (line breaks become spaces), cleaned and cut to `limit` UTF-8 bytes, ending in `…` when
    /// cut (at a character's end when one fits, else between Unicode scalars).
    static func singleLine(_ text: String, limit: Int = maxTitleCharacters) -> String {
        let cleaned = DisplayText.clean(unifyingLineBreaks(text)).replacingOccurrences(of: "\n", with: " ")
        guard cleaned.utf8.count > limit else { return cleaned }
        let budget = limit - "…".utf8.count
        var kept = ""
        var bytes = 0
        for character in cleaned {
            let size = character.utf8.count
            if bytes + size > budget {
                if kept.isEmpty {
                    for scalar in character.unicodeScalars {
                        guard bytes + UTF8.width(scalar) <= budget else { break }
                        kept.unicodeScalars.append(scalar)
                        bytes += UTF8.width(scalar)
                    }
                }
                break
            }
            kept.append(character)
            bytes += size
        }
        return kept + "…"
    }

    /// CR LF, CR, NEL (U+0085), LINE SEPARATOR and PARAGRAPH SEPARATOR as line feeds: each may end a line for
    /// some CI parser, so all of them are escaped as one.
    static func unifyingLineBreaks(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isLineBreak($0) && $0 != "\n" }) else { return text }
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = scalar == "\r"
            result.append(isLineBreak(scalar) ? "\n" : scalar)
        }
        return String(result)
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `text` with each scalar that `replacements` names replaced: the percent-escaping of GitHub's workflow commands
    /// and Azure's logging commands, each with its own table.
    static func replacing(_ text: String, _ replacements: [Unicode.Scalar: String]) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replacement = replacements[scalar] {
                result += replacement
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
