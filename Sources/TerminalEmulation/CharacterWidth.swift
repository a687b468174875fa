/// How many terminal cells a Unicode scalar occupies, following the same data tmux uses on Linux.
///
/// The ranges are generated (see `CharacterWidthTable.swift`); lookups in the Basic Multilingual Plane use a
/// precomputed 64 KiB table, the rest a binary search.
enum CharacterWidth {
    /// The width of a scalar: 0 (joins the previous cell), 1, 2, or -1 (not printable; dropped).
    @inline(__always)
    static func of(_ scalar: UInt32) -> Int {
        if scalar < 0x300 {
            if scalar >= 0x20 && scalar < 0x7F { return 1 }
            if scalar >= 0xA0 { return 1 }
            return -1
        }
        if scalar < 0x10000 { return Int(basicPlane[Int(scalar)]) }
        return lookUp(scalar)
    }

    /// Widths of U+0000...U+FFFF.
    static let basicPlane: [Int8] = {
        var table = [Int8](repeating: 1, count: 0x10000)
        for (ranges, width) in [(nonPrintingRanges, Int8(-1)), (zeroWidthRanges, 0), (wideRanges, 2)] {
            for range in ranges where range.lower < 0x10000 {
                for scalar in range.lower...min(range.upper, 0xFFFF) { table[Int(scalar)] = width }
            }
        }
        return table
    }()

    /// Width of any scalar by binary search in the generated ranges.
    static func lookUp(_ scalar: UInt32) -> Int {
        if contains(scalar, in: wideRanges) { return 2 }
        if contains(scalar, in: zeroWidthRanges) { return 0 }
        if contains(scalar, in: nonPrintingRanges) { return -1 }
        return scalar > 0x10FFFF ? -1 : 1
    }

    private static func contains(_ scalar: UInt32, in ranges: [(lower: UInt32, upper: UInt32)]) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if scalar < ranges[middle].lower {
                high = middle - 1
            } else if scalar > ranges[middle].upper {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
