/// Counts words in text and renders the counts as a colored table.
public struct WordTally: Sendable {
    /// Words and how often they occur, most frequent first, ties in alphabetical order.
    public let counts: [(word: String, count: Int)]

    /// Counts the words of `text`: runs of letters, digits and apostrophes, case-insensitively.
    public init(_ text: String) {
        var counts: [String: Int] = [:]
        var word = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "'" {
                word.append(character)
            } else if !word.isEmpty {
                counts[word, default: 0] += 1
                word = ""
            }
        }
        if !word.isEmpty { counts[word, default: 0] += 1 }
        self.counts = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map {
            ($0.key, $0.value)
        }
    }

    /// The number of words.
    public var total: Int { counts.reduce(0) { $0 + $1.count } }

    /// A table of the `limit` most frequent words; with `color`, the counts are green and the header bold.
    public func table(limit: Int = 5, color: Bool) -> String {
        let bold = color ? "\u{1B}[1m" : ""
        let green = color ? "\u{1B}[32m" : ""
        let reset = color ? "\u{1B}[0m" : ""
        var lines = ["\(bold)word         count\(reset)"]
        for (word, count) in counts.prefix(limit) {
            let padded = word.count < 12 ? word + String(repeating: " ", count: 12 - word.count) : word
            lines.append(padded + " " + green + String(count) + reset)
        }
        lines.append("\(bold)total\(reset)        \(total)")
        return lines.joined(separator: "\n")
    }
}
