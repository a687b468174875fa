/// Control sequences (`CSI ... final`): cursor movement, erasing, inserting and deleting, scrolling, modes.
extension TerminalEmulator {
    /// Dispatches a control sequence the parser finished; returns whether it is one we know (tmux's set: it
    /// has no CHT, HPR or VPR, so neither do we).
    @discardableResult
    mutating func dispatchControlSequence(_ final: UInt8) -> Bool {
        let marker = parser.privateMarker
        let intermediates = parser.intermediates
        if marker == 0x3F && intermediates == 0 {
            if final == 0x6E || final == 0x53 { return true }  // DSR, graphics queries: answers only
            guard final == 0x68 || final == 0x6C else { return false }
            setPrivateModes(final == 0x68)
            return true
        }
        // Sequences tmux knows that only answer or set input modes: nothing on the screen.
        switch (marker, intermediates, final) {
        case (0x3E, 0, 0x6D), (0x3E, 0, 0x6E), (0x3E, 0, 0x71), (0x3E, 0, 0x63), (0, 0x20, 0x71), (0, 0x24, 0x70),
            (0x3F, 0x24, 0x70):
            return true
        default: break
        }
        guard marker == 0 && intermediates == 0 else { return false }
        let count = parser.parameters.value(at: 0, default: 1, minimum: 1)
        switch final {
        case 0x40:  // ICH
            if cursorColumn < columns {
                let count = min(count, columns - cursorColumn)
                grid.insertCells(row: cursorRow, at: cursorColumn, count: count, background: pen.background)
            }
        case 0x41: cursorUp(count)  // CUU
        case 0x42: cursorDown(count)  // CUD
        case 0x43: cursorForward(count)  // CUF
        case 0x44: cursorColumn -= min(count, cursorColumn)  // CUB
        case 0x45:  // CNL
            cursorColumn = 0
            cursorDown(count)
        case 0x46:  // CPL
            cursorColumn = 0
            cursorUp(count)
        case 0x47, 0x60: moveCursor(column: count - 1, row: nil)  // CHA, HPA
        case 0x48, 0x66:  // CUP, HVP
            moveCursor(
                column: parser.parameters.value(at: 1, default: 1, minimum: 1) - 1, row: count - 1)
        case 0x4A: eraseInDisplay(parser.parameters.value(at: 0, default: 0))  // ED
        case 0x4B: eraseInLine(parser.parameters.value(at: 0, default: 0))  // EL
        case 0x4C: insertLines(count)  // IL
        case 0x4D: deleteLines(count)  // DL
        case 0x50:  // DCH
            if cursorColumn < columns {
                grid.deleteCells(row: cursorRow, at: cursorColumn, count: count, background: pen.background)
            }
        case 0x53: scrollUp(lines: count)  // SU
        case 0x54: scrollDown(lines: count)  // SD
        case 0x58:  // ECH
            if cursorColumn < columns {
                grid.clear(row: cursorRow, from: cursorColumn, count: count, background: pen.background)
            }
        case 0x5A: backTab(count)  // CBT
        case 0x62: repeatLastCharacter(count)  // REP
        case 0x64: moveCursor(column: nil, row: count - 1)  // VPA
        case 0x67: clearTabStops(parser.parameters.value(at: 0, default: 0))  // TBC
        case 0x68, 0x6C: setModes(final == 0x68)  // SM, RM
        case 0x6D: selectGraphicRendition()  // SGR
        case 0x72: setScrollRegion()  // DECSTBM
        case 0x73: saveCursor()  // SCP
        case 0x75: restoreCursor()  // RCP
        case 0x63, 0x6E, 0x74: break  // DA, DSR, window operations: answers only, nothing on the screen
        default: return false  // unknown sequences are swallowed
        }
        return true
    }

    mutating func cursorUp(_ count: Int) {
        let limit = cursorRow < scrollTop ? cursorRow : cursorRow - scrollTop
        if cursorColumn == columns { cursorColumn -= 1 }
        cursorRow -= min(count, limit)
    }

    mutating func cursorDown(_ count: Int) {
        let limit = cursorRow > scrollBottom ? rows - 1 - cursorRow : scrollBottom - cursorRow
        if cursorColumn == columns { cursorColumn -= 1 }
        cursorRow += min(count, max(limit, 0))
    }

    mutating func cursorForward(_ count: Int) {
        cursorColumn = cursorColumn >= columns ? columns - 1 : min(cursorColumn + count, columns - 1)
    }

    /// Absolute move; rows count from the scroll region's top in origin mode. `nil` keeps that coordinate.
    mutating func moveCursor(column: Int?, row: Int?) {
        if let column { cursorColumn = min(max(column, 0), columns - 1) }
        if var row {
            if isOriginModeOn { row = row > scrollBottom - scrollTop ? scrollBottom : row + scrollTop }
            cursorRow = min(max(row, 0), rows - 1)
        }
    }

    mutating func eraseInDisplay(_ mode: Int) {
        let background = pen.background
        switch mode {
        case 0:
            if cursorColumn < columns {
                grid.clear(row: cursorRow, from: cursorColumn, count: columns, background: background)
            }
            grid.clearRows(cursorRow + 1, rows, background: background)
        case 1:
            grid.clearRows(0, cursorRow, background: background)
            grid.clear(row: cursorRow, from: 0, count: min(cursorColumn + 1, columns), background: background)
        case 2: grid.clearRows(0, rows, background: background)
        case 3: scrollback.removeAll()
        default: break
        }
    }

    mutating func eraseInLine(_ mode: Int) {
        let background = pen.background
        switch mode {
        case 0:
            if cursorColumn < columns {
                grid.clear(row: cursorRow, from: cursorColumn, count: columns, background: background)
            }
        case 1: grid.clear(row: cursorRow, from: 0, count: min(cursorColumn + 1, columns), background: background)
        case 2: grid.clear(row: cursorRow, from: 0, count: columns, background: background)
        default: break
        }
    }

    /// IL: inside the scroll region, lines below the cursor move down within it; outside, within the screen.
    mutating func insertLines(_ count: Int) {
        let bottom = cursorRow < scrollTop || cursorRow > scrollBottom ? rows - 1 : scrollBottom
        for _ in 0..<min(count, bottom - cursorRow + 1) {
            grid.scrollDown(top: cursorRow, bottom: bottom, background: pen.background)
        }
    }

    /// DL: the counterpart of ``insertLines(_:)``; deleted lines never reach the scrollback.
    mutating func deleteLines(_ count: Int) {
        let bottom = cursorRow < scrollTop || cursorRow > scrollBottom ? rows - 1 : scrollBottom
        for _ in 0..<min(count, bottom - cursorRow + 1) {
            grid.scrollUp(top: cursorRow, bottom: bottom, background: pen.background, into: nil, endsWrapAbove: true)
        }
    }

    mutating func backTab(_ count: Int) {
        var column = min(cursorColumn, columns - 1)
        var remaining = count
        while column > 0 && remaining > 0 {
            repeat { column -= 1 } while column > 0 && !tabStops[column]
            remaining -= 1
        }
        cursorColumn = column
    }

    mutating func repeatLastCharacter(_ count: Int) {
        guard lastPrintedASCII >= 0 else { return }
        let character = UInt32(lastPrintedASCII)
        for _ in 0..<min(count, max(columns - cursorColumn, 0)) { printCharacter(character) }
    }

    mutating func clearTabStops(_ mode: Int) {
        if mode == 0 && cursorColumn < columns { tabStops[cursorColumn] = false }
        if mode == 3 { tabStops = Array(repeating: false, count: columns) }
    }

    mutating func setScrollRegion() {
        let top = parser.parameters.value(at: 0, default: 1, minimum: 1) - 1
        let bottom = parser.parameters.value(at: 1, default: rows, minimum: 1) - 1
        let clampedTop = min(top, rows - 1)
        let clampedBottom = min(bottom, rows - 1)
        guard clampedTop < clampedBottom else { return }
        scrollTop = clampedTop
        scrollBottom = clampedBottom
        cursorColumn = 0
        cursorRow = 0
    }

    /// SM / RM: mode 4 is insert mode.
    mutating func setModes(_ isOn: Bool) {
        for index in 0..<parser.parameters.count where parser.parameters.value(at: index, default: 0) == 4 {
            isInsertModeOn = isOn
        }
    }

    /// DECSET / DECRST, for the modes tmux knows (it has no 1048, so neither do we: use ESC 7 / ESC 8).
    mutating func setPrivateModes(_ isOn: Bool) {
        for index in 0..<parser.parameters.count {
            switch parser.parameters.value(at: index, default: 0) {
            case 6:
                isOriginModeOn = isOn
                cursorColumn = 0
                cursorRow = isOn ? scrollTop : 0
            case 7: isAutowrapOn = isOn
            case 25: isCursorVisible = isOn
            case 47, 1047:
                isOn ? enterAlternateScreen(savingCursor: false) : leaveAlternateScreen(restoringCursor: false)
            case 1049: isOn ? enterAlternateScreen(savingCursor: true) : leaveAlternateScreen(restoringCursor: true)
            case 3:  // DECCOLM: the width never changes, but the screen is cleared and the cursor homed
                moveCursor(column: 0, row: 0)
                grid.clearRows(0, rows, background: pen.background)
            default: break
            }
        }
    }

    /// Switches to a cleared alternate screen (the cursor stays where it is).
    mutating func enterAlternateScreen(savingCursor: Bool) {
        guard savedNormalGrid == nil else { return }
        if savingCursor {
            alternateSavedCursor = SavedCursor(
                column: cursorColumn, row: cursorRow, pen: pen, isOriginModeOn: isOriginModeOn,
                isG0Graphics: isG0Graphics, isG1Graphics: isG1Graphics, isShiftedOut: isShiftedOut)
        }
        savedNormalGrid = grid
        grid = Grid(columns: columns, rows: rows)
    }

    /// Switches back to the normal screen.
    mutating func leaveAlternateScreen(restoringCursor: Bool) {
        if restoringCursor, let saved = alternateSavedCursor {
            cursorColumn = saved.column
            cursorRow = saved.row
            pen = saved.pen
        }
        if let normal = savedNormalGrid {
            grid = normal
            savedNormalGrid = nil
        }
        cursorColumn = min(cursorColumn, columns - 1)
        cursorRow = min(cursorRow, rows - 1)
    }
}
