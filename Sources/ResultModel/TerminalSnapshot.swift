/// The visible screen of a terminal at one moment: a grid of cells with text, colors and attributes.
///
/// Stored in a bundle as a JSON attachment of kind ``AttachmentRecord/Kind/terminalSnapshot``.
public struct TerminalSnapshot: Sendable, Codable, Hashable {
    /// The media type of an encoded snapshot.
    public static let mediaType = "application/vnd.resultbundle.terminal-snapshot+json"

    /// Width of the screen in cells.
    public var columns: Int
    /// Height of the screen in cells.
    public var rows: Int
    /// The visible lines, top to bottom; exactly `rows` of them.
    public var lines: [TerminalLine]
    /// Lines that scrolled off the top, oldest first (may be empty).
    public var scrollback: [TerminalLine]
    /// Where the cursor was, when known.
    public var cursor: TerminalCursor?
    /// The window title set by the program (OSC 0/2), when any.
    public var title: String?
    /// The raw byte stream that produced the screen, when kept.
    public var rawStream: BlobReference?

    /// Creates a snapshot.
    public init(
        columns: Int,
        rows: Int,
        lines: [TerminalLine],
        scrollback: [TerminalLine] = [],
        cursor: TerminalCursor? = nil,
        title: String? = nil,
        rawStream: BlobReference? = nil
    ) {
        self.columns = columns
        self.rows = rows
        self.lines = lines
        self.scrollback = scrollback
        self.cursor = cursor
        self.title = title
        self.rawStream = rawStream
    }

    /// The screen as plain text: one line per row, trailing spaces removed.
    public var text: String {
        lines.map { line in
            var text = line.runs.map(\.text).joined()
            while text.last == " " { text.removeLast() }
            return text
        }.joined(separator: "\n")
    }
}

/// One row of a terminal screen as runs of identically styled text.
public struct TerminalLine: Sendable, Codable, Hashable {
    /// The runs, left to right. Their cells add up to at most the screen's width; missing cells are blank.
    public var runs: [TerminalRun]
    /// Whether the line continues on the next row because the text wrapped.
    public var isWrapped: Bool

    /// Creates a line.
    public init(runs: [TerminalRun], isWrapped: Bool = false) {
        self.runs = runs
        self.isWrapped = isWrapped
    }
}

/// Consecutive cells with the same style. A wide character's second cell adds no text.
public struct TerminalRun: Sendable, Codable, Hashable {
    /// The characters of the cells, in order.
    public var text: String
    /// The style shared by every cell of the run.
    public var style: TerminalStyle

    /// Creates a run.
    public init(text: String, style: TerminalStyle = TerminalStyle()) {
        self.text = text
        self.style = style
    }
}

/// Colors and attributes of a terminal cell.
public struct TerminalStyle: Sendable, Codable, Hashable {
    /// Text color.
    public var foreground: TerminalColor
    /// Background color.
    public var background: TerminalColor
    /// Bold, italic, underline and the rest.
    public var attributes: TerminalAttributes

    /// Creates a style; the default is default colors and no attributes.
    public init(
        foreground: TerminalColor = .default,
        background: TerminalColor = .default,
        attributes: TerminalAttributes = []
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}

/// A terminal color: the terminal's default, one of 256 palette entries (0-15 are the 16 ANSI colors), or 24-bit RGB.
///
/// Encoded as the string `"default"`, a palette index number, or a string `"#rrggbb"`.
public enum TerminalColor: Sendable, Hashable, Codable {
    /// The terminal's default foreground or background.
    case `default`
    /// A palette entry, 0-255.
    case indexed(UInt8)
    /// A 24-bit color.
    case rgb(red: UInt8, green: UInt8, blue: UInt8)

    /// Decodes `"default"`, a number, or `"#rrggbb"`; anything else decodes as ``default``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let index = try? container.decode(Int.self) {
            self = (0...255).contains(index) ? .indexed(UInt8(index)) : .default
            return
        }
        let string = try container.decode(String.self)
        self = TerminalColor(hex: string) ?? .default
    }

    /// Encodes as described on the type.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .default: try container.encode("default")
        case .indexed(let index): try container.encode(Int(index))
        case .rgb: try container.encode(hexString ?? "default")
        }
    }

    /// `#rrggbb` for an RGB color, `nil` otherwise.
    public var hexString: String? {
        guard case .rgb(let red, let green, let blue) = self else { return nil }
        let digits = Array("0123456789abcdef")
        var result = "#"
        for byte in [red, green, blue] {
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 0xF)])
        }
        return result
    }

    /// Parses `#rrggbb`.
    public init?(hex: String) {
        let bytes = Array(hex.utf8)
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#"),
            let value = UInt32(String(decoding: bytes[1...], as: UTF8.self), radix: 16)
        else { return nil }
        self = .rgb(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }
}

/// SGR attributes of a terminal cell. Encoded as an array of attribute names.
public struct TerminalAttributes: OptionSet, Sendable, Hashable, Codable {
    /// The bits.
    public var rawValue: UInt16
    /// Creates attributes from bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// SGR 1.
    public static let bold = TerminalAttributes(rawValue: 1 << 0)
    /// SGR 2.
    public static let dim = TerminalAttributes(rawValue: 1 << 1)
    /// SGR 3.
    public static let italic = TerminalAttributes(rawValue: 1 << 2)
    /// SGR 4.
    public static let underline = TerminalAttributes(rawValue: 1 << 3)
    /// SGR 5.
    public static let blink = TerminalAttributes(rawValue: 1 << 4)
    /// SGR 7.
    public static let inverse = TerminalAttributes(rawValue: 1 << 5)
    /// SGR 8.
    public static let hidden = TerminalAttributes(rawValue: 1 << 6)
    /// SGR 9.
    public static let strikethrough = TerminalAttributes(rawValue: 1 << 7)

    /// Attribute names in their encoded order.
    public static let names: [(String, TerminalAttributes)] = [
        ("bold", .bold), ("dim", .dim), ("italic", .italic), ("underline", .underline),
        ("blink", .blink), ("inverse", .inverse), ("hidden", .hidden), ("strikethrough", .strikethrough),
    ]

    /// Decodes an array of names; unknown names are ignored.
    public init(from decoder: any Decoder) throws {
        let names = try decoder.singleValueContainer().decode([String].self)
        var attributes = TerminalAttributes()
        for (name, flag) in Self.names where names.contains(name) { attributes.insert(flag) }
        self = attributes
    }

    /// Encodes as an array of names.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Self.names.filter { contains($0.1) }.map(\.0))
    }
}

/// The cursor position (0-based) and visibility.
public struct TerminalCursor: Sendable, Codable, Hashable {
    /// 0-based row.
    public var row: Int
    /// 0-based column.
    public var column: Int
    /// Whether the cursor was shown.
    public var isVisible: Bool

    /// Creates a cursor.
    public init(row: Int, column: Int, isVisible: Bool = true) {
        self.row = row
        self.column = column
        self.isVisible = isVisible
    }
}
