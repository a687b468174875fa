/// A line that scrolled off the top of the normal screen: its cells without trailing blanks.
struct ScrollbackLine: Sendable {
    /// The cells, at most the screen's width.
    var cells: [Cell]
    /// Whether the text continued on the next line.
    var isWrapped: Bool
}

/// The lines that scrolled off the top, oldest first, bounded by a limit (a ring buffer).
struct Scrollback: Sendable {
    /// The most lines kept; older ones are dropped.
    let limit: Int
    /// Storage; once full, `head` is the oldest line.
    private var storage: [ScrollbackLine] = []
    private var head = 0

    /// Creates an empty scrollback keeping at most `limit` lines (0 keeps none).
    init(limit: Int) { self.limit = max(0, limit) }

    /// The number of lines kept.
    var count: Int { storage.count }

    /// Appends a line, dropping the oldest when full.
    mutating func append(_ line: ScrollbackLine) {
        guard limit > 0 else { return }
        if storage.count < limit {
            storage.append(line)
        } else {
            storage[head] = line
            head = (head + 1) % limit
        }
    }

    /// Removes every line.
    mutating func removeAll() {
        storage.removeAll()
        head = 0
    }

    /// The lines, oldest first.
    var lines: [ScrollbackLine] { Array(storage[head...] + storage[..<head]) }
}
