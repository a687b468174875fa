/// A color as red, green and blue from 0 to 255.
package struct RGB: Equatable, Sendable {
    package var red: Int
    package var green: Int
    package var blue: Int

    package init(_ red: Int, _ green: Int, _ blue: Int) {
        self.red = min(255, max(0, red))
        self.green = min(255, max(0, green))
        self.blue = min(255, max(0, blue))
    }

    /// `#rrggbb`.
    package var hex: String {
        let digits = Array("0123456789abcdef")
        var result = "#"
        for value in [red, green, blue] {
            result.append(digits[value >> 4])
            result.append(digits[value & 0xF])
        }
        return result
    }
}

/// xterm's 256-color palette, the one palette every output draws terminal colors with: the 16 basic colors as
/// xterm sets them by default, the 6×6×6 color cube and the 24-step gray ramp.
package enum XtermPalette {
    /// The 16 basic colors (xterm's defaults: `red` is (205, 0, 0), `bright blue` (92, 92, 255)).
    private static let basic: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0), RGB(0, 0, 238), RGB(205, 0, 205),
        RGB(0, 205, 205), RGB(229, 229, 229), RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0),
        RGB(255, 255, 0), RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// The color of palette entry `index` (clamped to 0...255).
    package static func color(_ index: Int) -> RGB {
        let index = min(255, max(0, index))
        switch index {
        case 0..<16: return basic[index]
        case 16..<232:
            let level = { (step: Int) in step == 0 ? 0 : 55 + step * 40 }
            let cube = index - 16
            return RGB(level(cube / 36), level(cube / 6 % 6), level(cube % 6))
        default:
            let gray = 8 + (index - 232) * 10
            return RGB(gray, gray, gray)
        }
    }

    /// The entry of the color cube or the gray ramp closest to `color` (the 16 basic colors are left out: a
    /// theme may change them, and a program that asks for an exact color does not mean "red as themed").
    package static func nearest(_ color: RGB) -> Int {
        var best = 16
        var bestDistance = Int.max
        for index in 16..<256 {
            let entry = self.color(index)
            let (red, green, blue) = (entry.red - color.red, entry.green - color.green, entry.blue - color.blue)
            let distance = red * red + green * green + blue * blue
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return best
    }
}
