import ResultModel

/// A VT/xterm-compatible terminal emulator: feed it the bytes a program wrote to its terminal, then read the
/// screen as text or as a ``TerminalSnapshot`` with colors and attributes.
///
/// It follows tmux's behaviour (the reference its tests compare against): deferred autowrap at the last column,
/// wide and combining characters, scroll regions, the alternate screen, and a bounded scrollback. A line feed does
/// not imply a carriage return (as with `stty -onlcr`). Bytes may arrive in chunks of any size, split anywhere.
/// Hostile input costs bounded memory and time per byte.
///
/// A value type: copies are independent, and a value can be sent between tasks; mutate one copy from one task.
public struct TerminalEmulator: Sendable {
    /// Width of the screen in cells.
    public let columns: Int
    /// Height of the screen in rows.
    public let rows: Int

    var decoder = UTF8StreamDecoder()
    var parser = ControlSequenceParser()
    /// The screen being drawn (the alternate one while it is active).
    var grid: Grid
    /// The normal screen while the alternate screen is active.
    var savedNormalGrid: Grid?
    var scrollback: Scrollback
    /// Cursor column, 0...columns; `columns` means "past the last column, the next character wraps".
    var cursorColumn = 0
    /// Cursor row, 0..<rows.
    var cursorRow = 0
    /// Colors and attributes for new characters (its `scalar` is unused).
    var pen = Cell.blank()
    /// First and last rows of the scroll region.
    var scrollTop = 0
    var scrollBottom: Int
    var isAutowrapOn = true
    var isOriginModeOn = false
    var isInsertModeOn = false
    var isCursorVisible = true
    var tabStops: [Bool]
    /// Whether G0 and G1 are the DEC special graphics (line drawing) set, and whether G1 is shifted in.
    var isG0Graphics = false
    var isG1Graphics = false
    var isShiftedOut = false
    var savedCursor: SavedCursor?
    /// Cursor saved by mode 1049, restored when leaving the alternate screen.
    var alternateSavedCursor: SavedCursor?
    /// The next printed character joins the previous cell (after a ZERO WIDTH JOINER).
    var joinsNextCharacter = false
    /// The last ASCII character printed, repeated by `CSI b`; -1 when none.
    var lastPrintedASCII: Int32 = -1
    /// Window title from OSC 0/2.
    var title: String?
    /// Characters with combining marks, referenced by cells.
    var clusters = ClusterTable()
    /// ``CharacterWidth/basicPlane``, held here to avoid a lazy-initialization check per character.
    let widthTable = CharacterWidth.basicPlane

    /// What ESC 7 / CSI s remember.
    struct SavedCursor: Sendable {
        var column: Int
        var row: Int
        var pen: Cell
        var isOriginModeOn: Bool
        var isG0Graphics: Bool
        var isG1Graphics: Bool
        var isShiftedOut: Bool
    }

    /// Creates an emulator with an empty screen.
    /// - Parameters:
    ///   - columns: width in cells, clamped to 1...4096.
    ///   - rows: height in rows, clamped to 1...4096.
    ///   - scrollbackLimit: the most lines kept after they scroll off the top of the normal screen.
    public init(columns: Int = 80, rows: Int = 24, scrollbackLimit: Int = 10_000) {
        self.columns = min(max(columns, 1), 4096)
        self.rows = min(max(rows, 1), 4096)
        grid = Grid(columns: self.columns, rows: self.rows)
        scrollback = Scrollback(limit: scrollbackLimit, columns: self.columns)
        scrollBottom = self.rows - 1
        tabStops = (0..<self.columns).map { $0 % 8 == 0 }
    }

    // MARK: Feeding bytes

    /// Feeds bytes the program wrote.
    /// - Complexity: O(n) in the number of bytes.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            feed(UnsafeRawBufferPointer(buffer))
        }
        if handled == nil {
            for byte in bytes { process(byte) }
        }
    }

    /// Feeds bytes the program wrote (the fast path).
    /// - Complexity: O(n) in the number of bytes.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            let isGround = parser.isInGround && !decoder.isInsideCharacter
            if byte >= 0x20 && byte < 0x7F && isGround && !(isShiftedOut ? isG1Graphics : isG0Graphics) {
                var end = index + 1
                while end < count && bytes[end] >= 0x20 && bytes[end] < 0x7F { end += 1 }
                printASCII(UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
                lastPrintedASCII = Int32(bytes[end - 1])
                index = end
            } else if byte >= 0xC2 && isGround, let (scalar, length) = Self.decodeComplete(bytes, at: index) {
                printCharacter(scalar)
                index += length
            } else if byte == 0x1B && isGround && index + 1 < count && bytes[index + 1] == 0x5B {
                parser.beginControlSequence()  // ESC [ : the common case, without two trips through the parser
                index = parser.consumeParameterBytes(bytes, from: index + 2)
            } else if byte < 0x80 && !decoder.isInsideCharacter {
                handle(UInt32(byte))
                index = parser.consumeParameterBytes(bytes, from: index + 1)
            } else {
                process(byte)
                index += 1
            }
        }
    }

    /// Decodes one complete, valid multi-byte UTF-8 character at `index`, or returns nil (the slow path then
    /// handles it, including characters split across feeds).
    @inline(__always)
    static func decodeComplete(_ bytes: UnsafeRawBufferPointer, at index: Int) -> (UInt32, Int)? {
        let first = UInt32(bytes[index])
        let available = bytes.count - index
        if first < 0xE0 {
            guard available >= 2 else { return nil }
            let second = UInt32(bytes[index + 1])
            guard second & 0xC0 == 0x80 else { return nil }
            return ((first & 0x1F) << 6 | (second & 0x3F), 2)
        }
        if first < 0xF0 {
            guard available >= 3 else { return nil }
            let second = UInt32(bytes[index + 1])
            let third = UInt32(bytes[index + 2])
            guard second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { return nil }
            let scalar = (first & 0x0F) << 12 | (second & 0x3F) << 6 | (third & 0x3F)
            guard scalar >= 0x800, scalar < 0xD800 || scalar > 0xDFFF else { return nil }
            return (scalar, 3)
        }
        guard first < 0xF5, available >= 4 else { return nil }
        let second = UInt32(bytes[index + 1])
        let third = UInt32(bytes[index + 2])
        let fourth = UInt32(bytes[index + 3])
        guard second & 0xC0 == 0x80, third & 0xC0 == 0x80, fourth & 0xC0 == 0x80 else { return nil }
        let scalar = (first & 0x07) << 18 | (second & 0x3F) << 12 | (third & 0x3F) << 6 | (fourth & 0x3F)
        guard scalar >= 0x10000, scalar <= 0x10FFFF else { return nil }
        return (scalar, 4)
    }

    /// Feeds text (encoded as UTF-8).
    public mutating func feed(_ text: String) {
        var text = text
        text.withUTF8 { feed(UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    mutating func process(_ byte: UInt8) {
        switch decoder.decode(byte) {
        case .none: break
        case .scalar(let scalar): handle(scalar)
        case .invalidThenRetry:
            handle(0xFFFD)
            process(byte)
        }
    }

    mutating func handle(_ scalar: UInt32) {
        if parser.isInGround && (scalar >= 0xA0 || (scalar >= 0x20 && scalar < 0x7F)) {
            printCharacter(scalar)
            return
        }
        let wasInString = parser.isInString
        let action = parser.advance(scalar)
        if !wasInString && parser.isInString { lastPrintedASCII = -1 }  // tmux forgets it on OSC, DCS, APC
        switch action {
        case .none: break
        case .print(let character): printCharacter(character)
        case .execute(let control):
            executeControl(control)
            lastPrintedASCII = -1  // as tmux: only a character right before `CSI b` is repeated
        case .escapeDispatch(let final):
            if dispatchEscape(final) { lastPrintedASCII = -1 }
        case .controlSequenceDispatch(let final):
            if dispatchControlSequence(final) { lastPrintedASCII = -1 }
        case .operatingSystemCommandEnd: finishOperatingSystemCommand()
        }
    }
}
