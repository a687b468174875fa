/// C0 controls, escape sequences and operating system commands.
extension TerminalEmulator {
    /// Executes a C0 control character.
    mutating func executeControl(_ control: UInt8) {
        switch control {
        case 0x08: backspace()
        case 0x09: horizontalTab()
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x0D: cursorColumn = 0
        case 0x0E: isShiftedOut = true
        case 0x0F: isShiftedOut = false
        default: break  // NUL, BEL and the rest have no effect on the screen
        }
    }

    /// BS: one column left; at column 0 of a line that wrapped from the previous one, to that line's end.
    mutating func backspace() {
        if cursorColumn == 0 {
            if cursorRow > 0 && grid.isWrapped(cursorRow - 1) {
                cursorRow -= 1
                cursorColumn = columns - 1
            }
        } else {
            cursorColumn -= 1
        }
    }

    /// HT: to the next tab stop, or the last column.
    mutating func horizontalTab() {
        guard cursorColumn < columns - 1 else { return }
        var column = cursorColumn
        repeat {
            column += 1
        } while column < columns - 1 && !tabStops[column]
        cursorColumn = column
    }

    /// Dispatches `ESC` + intermediates + final byte; returns whether it is one we know (tmux's set).
    @discardableResult
    mutating func dispatchEscape(_ final: UInt8) -> Bool {
        let intermediates = parser.intermediates
        if intermediates != 0 {
            switch (intermediates, final) {
            case (0x28, 0x30): isG0Graphics = true  // ESC ( 0
            case (0x28, 0x42): isG0Graphics = false  // ESC ( B
            case (0x29, 0x30): isG1Graphics = true
            case (0x29, 0x42): isG1Graphics = false
            case (0x23, 0x38): fillWithE()  // ESC # 8, DECALN
            default: return false
            }
            return true
        }
        switch final {
        case 0x37: saveCursor()  // ESC 7
        case 0x38: restoreCursor()  // ESC 8
        case 0x44: lineFeed()  // IND
        case 0x45:  // NEL
            cursorColumn = 0
            lineFeed()
        case 0x4D: reverseIndex()  // RI
        case 0x48: if cursorColumn < columns { tabStops[cursorColumn] = true }  // HTS
        case 0x63: reset()  // RIS
        case 0x3D, 0x3E, 0x5C: break  // keypad modes, string terminator
        default: return false
        }
        return true
    }

    /// RI: up a line, scrolling the region down at its top.
    mutating func reverseIndex() {
        if cursorRow == scrollTop {
            scrollDown(lines: 1)
        } else if cursorRow > 0 {
            cursorRow -= 1
        }
    }

    /// ESC 7 / CSI s.
    mutating func saveCursor() {
        savedCursor = SavedCursor(
            column: cursorColumn, row: cursorRow, pen: pen, isOriginModeOn: isOriginModeOn,
            isG0Graphics: isG0Graphics, isG1Graphics: isG1Graphics, isShiftedOut: isShiftedOut)
    }

    /// ESC 8 / CSI u: back to the saved position and pen (the home position when nothing was saved).
    mutating func restoreCursor() {
        let saved =
            savedCursor
            ?? SavedCursor(
                column: 0, row: 0, pen: Cell.blank(), isOriginModeOn: false, isG0Graphics: false,
                isG1Graphics: false, isShiftedOut: false)
        pen = saved.pen
        isOriginModeOn = saved.isOriginModeOn
        isG0Graphics = saved.isG0Graphics
        isG1Graphics = saved.isG1Graphics
        isShiftedOut = saved.isShiftedOut
        cursorColumn = min(saved.column, columns - 1)
        cursorRow = min(saved.row, rows - 1)
    }

    /// ESC c, as tmux does it: default pen and character sets, a saved cursor at home, default tab stops, no
    /// scroll region, modes reset (cursor shown, autowrap on), the current screen cleared and the cursor home. The
    /// scrollback, the title and the alternate screen (if active) stay.
    mutating func reset() {
        pen = Cell.blank()
        isG0Graphics = false
        isG1Graphics = false
        isShiftedOut = false
        savedCursor = SavedCursor(
            column: 0, row: 0, pen: Cell.blank(), isOriginModeOn: savedCursor?.isOriginModeOn ?? false,
            isG0Graphics: false, isG1Graphics: false, isShiftedOut: false)
        tabStops = (0..<columns).map { $0 % 8 == 0 }
        scrollTop = 0
        scrollBottom = rows - 1
        isCursorVisible = true
        isAutowrapOn = true
        isInsertModeOn = false
        isOriginModeOn = false
        grid.clearRows(0, rows, background: PackedColor.default)
        cursorColumn = 0
        cursorRow = 0
    }

    /// DECALN: fills the screen with `E`.
    mutating func fillWithE() {
        var cell = Cell.blank()
        cell.scalar = 0x45
        for row in 0..<rows {
            for column in 0..<columns { grid[column, row] = cell }
            grid.setWrapped(row, false)
        }
        scrollTop = 0
        scrollBottom = rows - 1
        cursorColumn = 0
        cursorRow = 0
    }

    /// Handles a finished OSC string: `0;title` and `2;title` set the window title; others are ignored.
    mutating func finishOperatingSystemCommand() {
        let text = parser.oscText
        guard text.count >= 2, text[0] == "0" || text[0] == "2", text[1] == ";" else { return }
        var title = ""
        for scalar in text.dropFirst(2) where scalar.value >= 0x20 && scalar.value != 0x7F {
            title.unicodeScalars.append(scalar)
        }
        self.title = title
    }
}
