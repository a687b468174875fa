/// The cells of one screen (the normal or the alternate one), addressed by visible row and column.
///
/// Rows live in one flat array; `rowOrder` maps a visible row to its storage row, so scrolling moves row
/// numbers, not cells.
struct Grid: Sendable {
    /// Width in cells.
    let columns: Int
    /// Height in rows.
    let rows: Int
    /// All cells, storage row by storage row.
    var cells: [Cell]
    /// Storage row of each visible row.
    private(set) var rowOrder: [Int]
    /// Whether each storage row continues on the next one (the text wrapped).
    private var wrapped: [Bool]
    /// Whether each storage row is known to hold only default blank cells (lets erasing skip clean rows).
    private var isBlank: [Bool]

    /// Creates an empty grid.
    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Cell.blank(), count: columns * rows)
        rowOrder = Array(0..<rows)
        wrapped = Array(repeating: false, count: rows)
        isBlank = Array(repeating: true, count: rows)
    }

    /// Records that visible row `row` may now hold something other than default blanks. Every write to
    /// ``cells`` outside this type must call it.
    @inline(__always)
    mutating func markWritten(row: Int) { isBlank[rowOrder[row]] = false }

    /// Index in ``cells`` of the first cell of visible row `row`.
    @inline(__always)
    func start(ofRow row: Int) -> Int { rowOrder[row] &* columns }

    /// The cell at a visible position.
    @inline(__always)
    subscript(column: Int, row: Int) -> Cell {
        get { cells[start(ofRow: row) &+ column] }
        set {
            cells[start(ofRow: row) &+ column] = newValue
            isBlank[rowOrder[row]] = false
        }
    }

    /// Whether visible row `row` wrapped onto the next row.
    func isWrapped(_ row: Int) -> Bool { wrapped[rowOrder[row]] }

    /// Marks visible row `row` as wrapped or not.
    mutating func setWrapped(_ row: Int, _ value: Bool) { wrapped[rowOrder[row]] = value }

    /// The cells of visible row `row`.
    func row(_ row: Int) -> ArraySlice<Cell> {
        let first = start(ofRow: row)
        return cells[first..<first + columns]
    }

    /// Erases `count` cells of row `row` from `column` (clamped to the row). Erasing a whole row also ends the
    /// wrap of the row above it (as tmux does); a partial erase changes no wrap flag.
    mutating func clear(row: Int, from column: Int, count: Int, background: UInt32) {
        let lower = max(0, column)
        let upper = min(columns, column + count)
        guard lower < upper, row >= 0, row < rows else { return }
        if lower == 0 && upper == columns {
            blank(storageRow: rowOrder[row], background: background)
            if row > 0 { wrapped[rowOrder[row - 1]] = false }
            return
        }
        let storageRow = rowOrder[row]
        if background == PackedColor.default {
            if isBlank[storageRow] { return }
        } else {
            isBlank[storageRow] = false
        }
        let first = storageRow &* columns
        let blank = Cell.blank(background: background)
        cells.withUnsafeMutableBufferPointer { buffer in
            UnsafeMutableBufferPointer(rebasing: buffer[first + lower..<first + upper]).update(repeating: blank)
        }
    }

    /// Erases whole rows `lower..<upper` (ending the wrap of the row above them).
    mutating func clearRows(_ lower: Int, _ upper: Int, background: UInt32) {
        let lower = max(0, lower)
        let upper = min(rows, max(upper, lower))
        guard lower < upper else { return }
        for row in lower..<upper { blank(storageRow: rowOrder[row], background: background) }
        if lower > 0 { wrapped[rowOrder[lower - 1]] = false }
    }

    /// Fills a storage row with blanks and clears its wrap flag; skips the work for rows known to be blank.
    private mutating func blank(storageRow: Int, background: UInt32) {
        wrapped[storageRow] = false
        let isDefault = background == PackedColor.default
        if isDefault && isBlank[storageRow] { return }
        isBlank[storageRow] = isDefault
        let first = storageRow &* columns
        let blank = Cell.blank(background: background)
        let columns = columns
        cells.withUnsafeMutableBufferPointer { buffer in
            UnsafeMutableBufferPointer(rebasing: buffer[first..<first + columns]).update(repeating: blank)
        }
    }

    /// Scrolls rows `top...bottom` up by one: row `top` leaves (into `scrollback` when given) and a blank row
    /// enters at `bottom`. `endsWrapAbove` ends the wrap of the row above the region (tmux does this when it moves
    /// lines without a history: on the alternate screen and for deleted lines).
    mutating func scrollUp(
        top: Int, bottom: Int, background: UInt32, into scrollback: UnsafeMutablePointer<Scrollback>?,
        endsWrapAbove: Bool = false
    ) {
        guard top >= 0, bottom < rows, top <= bottom else { return }
        let removed = rowOrder[top]
        if let scrollback {
            let first = removed * columns
            scrollback.pointee.append(cells[first..<first + columns], isWrapped: wrapped[removed])
        }
        for row in top..<bottom { rowOrder[row] = rowOrder[row + 1] }
        rowOrder[bottom] = removed
        blank(storageRow: removed, background: background)
        if endsWrapAbove && top > 0 { wrapped[rowOrder[top - 1]] = false }
    }

    /// Scrolls rows `top...bottom` down by one: row `bottom` is lost and a blank row enters at `top` (ending the
    /// wrap of the row above, as tmux does).
    mutating func scrollDown(top: Int, bottom: Int, background: UInt32) {
        guard top >= 0, bottom < rows, top <= bottom else { return }
        let removed = rowOrder[bottom]
        var row = bottom
        while row > top {
            rowOrder[row] = rowOrder[row - 1]
            row -= 1
        }
        rowOrder[top] = removed
        blank(storageRow: removed, background: background)
        if top > 0 { wrapped[rowOrder[top - 1]] = false }
    }

    /// Inserts `count` blank cells at `column` of `row`, pushing the rest right (cells past the edge are lost).
    ///
    /// Exactly as tmux 3.3a does it: at the last column it blanks that cell; when nothing would remain to move
    /// it changes nothing; and only the cells that were moved away are blanked (with `count` larger than what
    /// moves, some old cells stay).
    mutating func insertCells(row: Int, at column: Int, count: Int, background: UInt32) {
        guard column < columns, count > 0 else { return }
        if column >= columns - 1 {
            clear(row: row, from: column, count: 1, background: background)
            return
        }
        let moved = columns - column - count
        guard moved > 0 else { return }
        if background != PackedColor.default { markWritten(row: row) }
        let first = start(ofRow: row)
        var index = first + column + moved - 1
        while index >= first + column {
            cells[index + count] = cells[index]
            index -= 1
        }
        clear(row: row, from: column, count: min(moved, count), background: background)
    }

    /// Deletes `count` cells at `column` of `row`, pulling the rest left and filling the end with blanks.
    mutating func deleteCells(row: Int, at column: Int, count: Int, background: UInt32) {
        guard column < columns, count > 0 else { return }
        let count = min(count, columns - column)
        if background != PackedColor.default { markWritten(row: row) }
        let first = start(ofRow: row)
        for index in first + column..<first + columns - count { cells[index] = cells[index + count] }
        clear(row: row, from: columns - count, count: count, background: background)
    }
}
