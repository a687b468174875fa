/// Placing characters on the grid: widths, autowrap, combining marks, line drawing characters.
extension TerminalEmulator {
    /// Prints one graphic character.
    ///
    /// Like tmux, a ZERO WIDTH JOINER makes the next character that takes tmux's "full" cell path join the
    /// character left of the cursor; plain ASCII written with autowrap on, insert mode off and the ASCII character
    /// set takes tmux's fast path and leaves the joiner pending.
    mutating func printCharacter(_ scalar: UInt32) {
        lastPrintedASCII = scalar < 0x80 ? Int32(scalar) : -1  // what `CSI b` repeats, as tmux keeps it
        let isGraphicsSet = isShiftedOut ? isG1Graphics : isG0Graphics
        if scalar < 0x7F && isAutowrapOn && !isInsertModeOn && !isGraphicsSet {
            place(scalar, width: 1, isPlainASCII: true)
            clearOrphanedPadding()
            return
        }
        var scalar = scalar
        if scalar < 0x7F && isGraphicsSet { scalar = DECSpecialGraphics.map(scalar) }
        if scalar == 0x200D {
            joinsNextCharacter = true
            return
        }
        let width = scalar < 0x7F ? 1 : scalar < 0x10000 ? Int(widthTable[Int(scalar)]) : CharacterWidth.of(scalar)
        if width < 0 { return }
        if width == 0 || joinsNextCharacter {
            if joinsNextCharacter { combine(0x200D) }
            joinsNextCharacter = false
            combine(scalar)
            return
        }
        place(scalar, width: width)
    }

    /// Prints a run of printable ASCII bytes (the hot path): whole stretches of a row at a time.
    mutating func printASCII(_ bytes: UnsafeRawBufferPointer) {
        guard isAutowrapOn && !isInsertModeOn else {
            for byte in bytes { printCharacter(UInt32(byte)) }
            return
        }
        var offset = 0
        while offset < bytes.count {
            if cursorColumn >= columns {
                lineFeed(wrapping: true)
                cursorColumn = 0
            }
            let count = min(columns - cursorColumn, bytes.count - offset)
            let first = grid.start(ofRow: cursorRow) &+ cursorColumn
            var cell = pen
            cell.flags = 0
            var isSimple = true
            let hasPaddingAfter = cursorColumn + count < columns && grid.cells[first &+ count].isPadding
            grid.markWritten(row: cursorRow)
            grid.cells.withUnsafeMutableBufferPointer { cells in
                for position in 0..<count where cells[first &+ position].flags != 0 {
                    isSimple = false
                    break
                }
                guard isSimple else { return }
                for position in 0..<count {
                    cell.scalar = UInt32(bytes[offset &+ position])
                    cells[first &+ position] = cell
                }
            }
            if isSimple {
                cursorColumn += count
                if hasPaddingAfter { clearOrphanedPadding() }
            } else {
                for position in 0..<count { place(UInt32(bytes[offset + position]), width: 1, isPlainASCII: true) }
                clearOrphanedPadding()
            }
            offset += count
        }
    }

    /// Blanks second halves of wide characters right of the cursor whose first half is gone, as tmux does after
    /// a run of plain ASCII.
    @inline(__always)
    mutating func clearOrphanedPadding() {
        var column = cursorColumn
        while column < columns && grid[column, cursorRow].isPadding {
            grid[column, cursorRow] = Cell.blank()
            column += 1
        }
    }

    /// Writes a character of width 1 or 2 at the cursor and advances it, wrapping first when it does not fit.
    ///
    /// `isPlainASCII` selects tmux's rules for runs of plain ASCII (its "collect" path) when the character
    /// overwrites part of a wide character; other characters follow its per-cell rules.
    @inline(__always)
    mutating func place(_ scalar: UInt32, width: Int, isPlainASCII: Bool = false) {
        if !isAutowrapOn && width > 1
            && (width > columns || (cursorColumn != columns && cursorColumn > columns - width))
        {
            return
        }
        if isInsertModeOn && cursorColumn < columns {
            grid.insertCells(row: cursorRow, at: cursorColumn, count: width, background: PackedColor.default)
        }
        if isAutowrapOn && cursorColumn > columns - width {
            lineFeed(wrapping: true)
            cursorColumn = 0
        }
        if cursorColumn > columns - width { return }
        let index = grid.start(ofRow: cursorRow) &+ cursorColumn
        let existing = grid.cells[index]
        if isPlainASCII {
            if existing.flags != 0 { clearBeforeASCIIRun() }
        } else if existing.flags != 0 || width != 1 {
            clearOverwrittenHalves(existing: existing, width: width)
        }
        var cell = pen
        cell.scalar = scalar
        grid.markWritten(row: cursorRow)
        if width == 1 {
            cell.flags = 0
            grid.cells[index] = cell
        } else {
            cell.flags = Cell.wideFlag
            grid.cells[index] = cell
            cell.scalar = Cell.empty
            cell.flags = Cell.paddingFlag
            grid.cells[index + 1] = cell
        }
        let stop = isAutowrapOn ? columns : columns - 1
        cursorColumn = cursorColumn <= stop - width ? cursorColumn + width : stop
    }

    /// tmux's rule at the start of an ASCII run: blank the padding cells at and left of the cursor, then the wide
    /// character they belong to, except that column 0 is never examined.
    private mutating func clearBeforeASCIIRun() {
        guard cursorColumn > 0 else { return }
        var column = cursorColumn
        while column > 0 {
            let cell = grid[column, cursorRow]
            if !cell.isPadding {
                if cell.isWide { grid[column, cursorRow] = Cell.blank() }
                return
            }
            grid[column, cursorRow] = Cell.blank()
            column -= 1
        }
    }

    /// When a character overwrites part of a wide character, blanks the rest of it (as tmux does).
    private mutating func clearOverwrittenHalves(existing: Cell, width: Int) {
        if existing.isPadding {
            var column = cursorColumn
            while column > 0 && grid[column, cursorRow].isPadding {
                grid[column, cursorRow] = Cell.blank()
                column -= 1
            }
            grid[column, cursorRow] = Cell.blank()
        }
        if width != 1 || existing.isWide || existing.isPadding {
            var column = cursorColumn + width
            while column < columns && grid[column, cursorRow].isPadding {
                grid[column, cursorRow] = Cell.blank()
                column += 1
            }
        }
    }

    /// Attaches a zero-width scalar to the character left of the cursor; dropped at the start of a line.
    mutating func combine(_ scalar: UInt32) {
        guard cursorColumn > 0 else { return }
        var column = min(cursorColumn, columns) - 1
        if column > 0 && grid[column, cursorRow].isPadding { column -= 1 }
        var cell = grid[column, cursorRow]
        guard !cell.isPadding else { return }
        if cell.scalar == Cell.empty { cell.scalar = 0x20 }  // tmux combines with the blank's space
        if let combined = clusters.combining(cell.scalar, with: scalar) {
            cell.scalar = combined
            grid[column, cursorRow] = cell
        }
    }

    /// Moves down a line, scrolling the region when the cursor is on its last line.
    mutating func lineFeed(wrapping: Bool = false) {
        if wrapping { grid.setWrapped(cursorRow, true) }
        if cursorRow == scrollBottom {
            scrollUp(lines: 1)
        } else if cursorRow < rows - 1 {
            cursorRow += 1
        }
    }

    /// Scrolls the scroll region up; lines leaving the top of the normal screen go to the scrollback.
    mutating func scrollUp(lines: Int) {
        let keeps = savedNormalGrid == nil && scrollback.limit > 0
        for _ in 0..<min(lines, scrollBottom - scrollTop + 1) {
            if keeps {
                withUnsafeMutablePointer(to: &scrollback) { history in
                    grid.scrollUp(top: scrollTop, bottom: scrollBottom, background: pen.background, into: history)
                }
            } else {
                grid.scrollUp(
                    top: scrollTop, bottom: scrollBottom, background: pen.background, into: nil,
                    endsWrapAbove: savedNormalGrid != nil)
            }
        }
    }

    /// Scrolls the scroll region down.
    mutating func scrollDown(lines: Int) {
        for _ in 0..<min(lines, scrollBottom - scrollTop + 1) {
            grid.scrollDown(top: scrollTop, bottom: scrollBottom, background: pen.background)
        }
    }
}

/// The DEC special graphics character set (line drawing), selected by `ESC ( 0`.
enum DECSpecialGraphics {
    /// Maps an ASCII scalar to its line drawing character; other scalars are unchanged.
    static func map(_ scalar: UInt32) -> UInt32 {
        guard scalar >= 0x5F && scalar <= 0x7E else { return scalar }
        return table[Int(scalar - 0x5F)]
    }

    private static let table: [UInt32] = [
        0x00A0, 0x25C6, 0x2592, 0x2409, 0x240C, 0x240D, 0x240A, 0x00B0, 0x00B1, 0x2424, 0x240B, 0x2518,
        0x2510, 0x250C, 0x2514, 0x253C, 0x23BA, 0x23BB, 0x2500, 0x23BC, 0x23BD, 0x251C, 0x2524, 0x2534,
        0x252C, 0x2502, 0x2264, 0x2265, 0x03C0, 0x2260, 0x00A3, 0x00B7,
    ]
}
