/// A line that scrolled off the top of the normal screen: its cells without trailing blanks.
struct ScrollbackLine: Sendable {
    /// The cells, at most the screen's width.
    var cells: [Cell]
    /// Whether the text continued on the next line.
    var isWrapped: Bool
}

/// The lines that scrolled off the top, oldest first, bounded by a limit.
///
/// A ring of fixed-width slots in one flat array that grows up to `limit × columns` cells, so scrolling a line
/// copies its cells and allocates nothing once the ring is full.
struct Scrollback: Sendable {
    /// The most lines kept; older ones are dropped.
    let limit: Int
    /// Width of each slot.
    let columns: Int
    private var cells: [Cell] = []
    private var wrapped: [Bool] = []
    /// Slot of the oldest line once the ring is full.
    private var head = 0

    /// Creates an empty scrollback keeping at most `limit` lines (0 keeps none) of `columns` cells.
    init(limit: Int, columns: Int) {
        self.limit = max(0, limit)
        self.columns = max(1, columns)
    }

    /// The number of lines kept.
    var count: Int { wrapped.count }

    /// Appends a row of exactly `columns` cells, dropping the oldest line when full.
    mutating func append(_ row: ArraySlice<Cell>, isWrapped: Bool) {
        guard limit > 0 else { return }
        if wrapped.count < limit {
            cells.append(contentsOf: row)
            wrapped.append(isWrapped)
        } else {
            let first = head * columns
            cells.replaceSubrange(first..<first + columns, with: row)
            wrapped[head] = isWrapped
            head = (head + 1) % limit
        }
    }

    /// Removes every line.
    mutating func removeAll() {
        cells.removeAll()
        wrapped.removeAll()
        head = 0
    }

    /// The lines, oldest first, without trailing blank cells.
    /// - Complexity: O(count × columns).
    var lines: [ScrollbackLine] {
        (0..<count).map { index in
            let slot = (head + index) % count
            let first = slot * columns
            var end = first + columns
            while end > first && cells[end - 1] == Cell.blank() { end -= 1 }
            return ScrollbackLine(cells: Array(cells[first..<end]), isWrapped: wrapped[slot])
        }
    }
}
