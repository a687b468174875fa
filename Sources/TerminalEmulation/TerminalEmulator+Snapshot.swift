import ResultModel

/// Reading the screen: plain text and ``TerminalSnapshot`` values.
extension TerminalEmulator {
    /// The visible screen as text: one line per row (all `rows` of them), trailing spaces trimmed, a wide
    /// character once, combining marks with their base.
    /// - Complexity: O(columns × rows).
    public var text: String {
        var result = ""
        result.reserveCapacity(rows * (columns + 1))
        for row in 0..<rows {
            if row > 0 { result.append("\n") }
            appendText(of: grid.row(row), to: &result)
        }
        return result
    }

    /// Whether the alternate screen is shown.
    public var isAlternateScreenActive: Bool { savedNormalGrid != nil }

    /// The cursor position (0-based; a pending wrap shows as the last column) and visibility.
    public var cursor: TerminalCursor {
        TerminalCursor(row: cursorRow, column: min(cursorColumn, columns - 1), isVisible: isCursorVisible)
    }

    /// The window title the program set, if any.
    public var windowTitle: String? { title }

    /// The number of lines in the scrollback.
    public var scrollbackCount: Int { scrollback.count }

    /// The screen with colors and attributes.
    /// - Parameter includeScrollback: also return the lines that scrolled off the top of the normal screen.
    /// - Complexity: O(columns × rows), plus the scrollback when included.
    public func snapshot(includeScrollback: Bool = false) -> TerminalSnapshot {
        let lines = (0..<rows).map { line(of: grid.row($0), isWrapped: grid.isWrapped($0)) }
        let history = includeScrollback ? scrollback.lines.map { line(of: $0.cells[...], isWrapped: $0.isWrapped) } : []
        return TerminalSnapshot(
            columns: columns, rows: rows, lines: lines, scrollback: history, cursor: cursor, title: title)
    }

    private func appendText(of cells: ArraySlice<Cell>, to result: inout String) {
        var pendingSpaces = 0
        for cell in cells where !cell.isPadding {
            if cell.scalar == Cell.empty || cell.scalar == 0x20 {
                pendingSpaces += 1
                continue
            }
            if pendingSpaces > 0 {
                result.append(String(repeating: " ", count: pendingSpaces))
                pendingSpaces = 0
            }
            clusters.append(cell.scalar, to: &result)
        }
    }

    /// Runs of equally styled cells; trailing blank cells with the default style are left out.
    private func line(of cells: ArraySlice<Cell>, isWrapped: Bool) -> TerminalLine {
        var end = cells.endIndex
        while end > cells.startIndex && cells[end - 1] == Cell.blank() { end -= 1 }
        var runs: [TerminalRun] = []
        var text = ""
        var current: Cell?
        for cell in cells[cells.startIndex..<end] {
            if let style = current,
                style.foreground != cell.foreground || style.background != cell.background
                    || style.attributes != cell.attributes
            {
                runs.append(TerminalRun(text: text, style: Self.style(of: style)))
                text = ""
            }
            current = cell
            if cell.isPadding { continue }
            if cell.scalar == Cell.empty { text.append(" ") } else { clusters.append(cell.scalar, to: &text) }
        }
        if let current { runs.append(TerminalRun(text: text, style: Self.style(of: current))) }
        return TerminalLine(runs: runs, isWrapped: isWrapped)
    }

    static func style(of cell: Cell) -> TerminalStyle {
        TerminalStyle(
            foreground: PackedColor.unpack(cell.foreground), background: PackedColor.unpack(cell.background),
            attributes: TerminalAttributes(rawValue: cell.attributes))
    }
}
