/// The one table of what SGR codes (`ESC [ … m`, ECMA-48 8.3.117) do to the attributes and the basic colors: the emulator's pen, the
/// style of ANSI logs (`TextStyle`) and the ANSI drawing of a snapshot all read it, so a code means one thing in a
/// snapshot, a log and the report.
extension TerminalAttributes {
    /// Each attribute with the SGR code that sets it, in the order an ANSI drawing lists them.
    package static let graphicRenditionCodes: [(TerminalAttributes, Int)] = [
        (.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.blink, 5), (.inverse, 7), (.hidden, 8),
        (.strikethrough, 9),
    ]

    /// Applies SGR `code` if it sets or clears an attribute, and says whether it did; `subParameter` is the code's
    /// first `:` sub-parameter, when it has one (`4:0`, ITU T.416's underline style "none", clears the underline).
    /// Reset (0) and colors are the caller's (``TerminalColor/basicGraphicRendition(_:)``).
    @inlinable package mutating func applyGraphicRendition(_ code: Int, subParameter: Int? = nil) -> Bool {
        switch code {
        case 1: insert(.bold)
        case 2: insert(.dim)
        case 3: insert(.italic)
        case 4: if subParameter == 0 { remove(.underline) } else { insert(.underline) }
        case 5, 6: insert(.blink)
        case 7: insert(.inverse)
        case 8: insert(.hidden)
        case 9: insert(.strikethrough)
        case 21: insert(.underline)
        case 22: subtract([.bold, .dim])
        case 23: remove(.italic)
        case 24: remove(.underline)
        case 25: remove(.blink)
        case 27: remove(.inverse)
        case 28: remove(.hidden)
        case 29: remove(.strikethrough)
        default: return false
        }
        return true
    }
}

extension TerminalColor {
    /// What a basic SGR color code sets (30-37, 90-97 foreground; 40-47, 100-107 background; 39 and 49 back to the
    /// default): the side, and the palette index 0-15 or `nil` for the default; `nil` for any other code. The
    /// extended forms (38, 48) are the caller's: the emulator keeps 24-bit colors, a log's style the nearest entry.
    @inlinable package static func basicGraphicRendition(_ code: Int) -> (isForeground: Bool, index: Int?)? {
        switch code {
        case 30...37: (true, code - 30)
        case 39: (true, nil)
        case 40...47: (false, code - 40)
        case 49: (false, nil)
        case 90...97: (true, code - 90 + 8)
        case 100...107: (false, code - 100 + 8)
        default: nil
        }
    }
}
