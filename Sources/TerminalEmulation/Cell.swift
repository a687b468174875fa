import ResultModel

/// One cell of the screen grid: a character (or a reference to a cluster of scalars), its colors and attributes.
///
/// A plain value of 12 bytes so rows copy and clear with `memset`-like speed: the attributes and the wide/padding
/// flags live in bits of the character field that scalars (21 bits) and cluster references (bit 31 and an index
/// below 2^14) never use.
struct Cell: Equatable, Sendable {
    /// Bits 0-20 (or bit 31 and bits 0-13): the character; bits 21-28: attributes; bits 29-30: flags.
    private var packed: UInt32
    /// Packed foreground color (see ``PackedColor``).
    var foreground: UInt32
    /// Packed background color.
    var background: UInt32

    private static let characterMask: UInt32 = 0x801F_FFFF
    private static let attributeShift: UInt32 = 21
    private static let attributeMask: UInt32 = 0xFF << 21
    private static let flagShift: UInt32 = 29
    private static let flagMask: UInt32 = 0x3 << 29

    /// Creates a cell.
    @inline(__always)
    init(scalar: UInt32, foreground: UInt32, background: UInt32, attributes: UInt16, flags: UInt8) {
        packed =
            (scalar & Self.characterMask) | (UInt32(attributes & 0xFF) << Self.attributeShift)
            | (UInt32(flags & 0x3) << Self.flagShift)
        self.foreground = foreground
        self.background = background
    }

    /// The scalar shown, ``empty`` for a never-written or erased cell, or ``clusterFlag`` | index into the
    /// emulator's cluster table for a character with combining marks.
    var scalar: UInt32 {
        @inline(__always) get { packed & Self.characterMask }
        @inline(__always) set { packed = (packed & ~Self.characterMask) | (newValue & Self.characterMask) }
    }

    /// ``TerminalAttributes`` bits (the eight SGR attributes).
    var attributes: UInt16 {
        @inline(__always) get { UInt16((packed & Self.attributeMask) >> Self.attributeShift) }
        @inline(__always) set {
            packed = (packed & ~Self.attributeMask) | (UInt32(newValue & 0xFF) << Self.attributeShift)
        }
    }

    /// ``wideFlag`` / ``paddingFlag`` bits.
    var flags: UInt8 {
        @inline(__always) get { UInt8((packed & Self.flagMask) >> Self.flagShift) }
        @inline(__always) set { packed = (packed & ~Self.flagMask) | (UInt32(newValue & 0x3) << Self.flagShift) }
    }

    /// The scalar of an empty cell (shown as a space).
    static let empty: UInt32 = 0
    /// Set in ``scalar`` when it refers to a cluster.
    static let clusterFlag: UInt32 = 0x8000_0000
    /// Flag: the first cell of a two-cell character.
    static let wideFlag: UInt8 = 1
    /// Flag: the second cell of a two-cell character (it shows nothing itself).
    static let paddingFlag: UInt8 = 2

    /// A blank cell with the given background (erasing uses the current background, like xterm's BCE).
    @inline(__always)
    static func blank(background: UInt32 = PackedColor.default) -> Cell {
        Cell(scalar: empty, foreground: PackedColor.default, background: background, attributes: 0, flags: 0)
    }

    /// Whether this is the second half of a wide character.
    var isPadding: Bool { flags & Cell.paddingFlag != 0 }
    /// Whether this is the first half of a wide character.
    var isWide: Bool { flags & Cell.wideFlag != 0 }
}

/// Colors packed into 32 bits: 0 is the default color, `indexedTag | n` a palette entry, `rgbTag | 0xRRGGBB`.
enum PackedColor {
    /// The terminal's default color.
    static let `default`: UInt32 = 0
    /// Tag of a palette color.
    static let indexedTag: UInt32 = 0x0100_0000
    /// Tag of a 24-bit color.
    static let rgbTag: UInt32 = 0x0200_0000

    /// Packs a palette index.
    static func indexed(_ index: Int) -> UInt32 { indexedTag | UInt32(index & 0xFF) }

    /// Packs a 24-bit color; components are clamped to 0...255.
    static func rgb(_ red: Int, _ green: Int, _ blue: Int) -> UInt32 {
        let clamp = { (value: Int) in UInt32(min(max(value, 0), 255)) }
        return rgbTag | clamp(red) << 16 | clamp(green) << 8 | clamp(blue)
    }

    /// The model color for a packed value.
    static func unpack(_ packed: UInt32) -> TerminalColor {
        switch packed & 0xFF00_0000 {
        case indexedTag: return .indexed(UInt8(packed & 0xFF))
        case rgbTag:
            return .rgb(
                red: UInt8(packed >> 16 & 0xFF), green: UInt8(packed >> 8 & 0xFF), blue: UInt8(packed & 0xFF))
        default: return .default
        }
    }
}
