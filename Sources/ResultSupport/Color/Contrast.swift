import Foundation

/// WCAG 2 contrast between colors, and the nearest legible variant of a color on a background.
package enum Contrast {
    /// The contrast every drawn text color is adjusted to reach (WCAG AA asks 4.5:1; a little margin for rounding).
    package static let minimumRatio = 4.6

    /// Relative luminance (WCAG 2, from sRGB).
    package static func luminance(_ color: RGB) -> Double {
        func channel(_ value: Int) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }

    /// The contrast ratio of two colors, from 1 to 21.
    package static func ratio(_ first: RGB, _ second: RGB) -> Double {
        let (x, y) = (luminance(first), luminance(second))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// `color` blended toward white (on a dark background) or black (on a light one), in steps of 5%, until its
    /// contrast with `background` is at least ``minimumRatio``.
    package static func legible(_ color: RGB, on background: RGB) -> RGB {
        let target = luminance(background) < 0.5 ? 255 : 0
        var current = color
        var step = 0
        while ratio(current, background) < minimumRatio && step < 20 {
            step += 1
            let weight = Double(step) / 20
            func blend(_ value: Int) -> Int { Int((Double(value) * (1 - weight) + Double(target) * weight).rounded()) }
            current = RGB(blend(color.red), blend(color.green), blend(color.blue))
        }
        return current
    }
}
