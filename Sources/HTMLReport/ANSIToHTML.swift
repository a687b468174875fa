import Foundation
import ResultSupport

/// Renders text holding ANSI SGR escape sequences (colored console output) as escaped HTML with `<span>` classes
/// for colors and attributes. Only class names and colors computed here reach the output; every other escape
/// sequence is dropped, and all text is escaped.
public enum ANSIToHTML {
    private struct Style: Equatable {
        var foreground: String?
        var background: String?
        var bold = false
        var dim = false
        var italic = false
        var underline = false
        var inverse = false
        var strike = false

        var isPlain: Bool { self == Style() }

        var classes: String {
            var names: [String] = []
            if let foreground { names.append("f\(foreground)") }
            if let background { names.append("b\(background)") }
            if bold { names.append("sb") }
            if dim { names.append("sd") }
            if italic { names.append("si") }
            if underline { names.append("su") }
            if inverse { names.append("sv") }
            if strike { names.append("ss") }
            return names.joined(separator: " ")
        }
    }

    /// The HTML for `text`. Colors map to classes `f0`-`f255` and `b0`-`b255` (24-bit colors are mapped to the
    /// nearest of the 256-color palette), attributes to `sb` (bold), `sd`, `si`, `su`, `sv` and `ss`.
    public static func render(_ text: String) -> String {
        var html = ""
        var style = Style()
        var openSpan = false
        var pending = ""

        func flushText() {
            guard !pending.isEmpty else { return }
            html += HTMLEscaping.escape(pending)
            pending = ""
        }
        func apply(_ newStyle: Style) {
            guard newStyle != style else { return }
            flushText()
            if openSpan { html += "</span>" }
            style = newStyle
            openSpan = !style.isPlain
            if openSpan { html += "<span class=\"\(style.classes)\">" }
        }

        // Sequences end where ANSIEscapes says (as in every other output); only SGR (`ESC [ … m`) is interpreted.
        var text = text
        text.withUTF8 { bytes in
            ANSIEscapes.forEachPart(of: bytes) { range in
                pending += String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            } escape: { range, kind in
                guard kind == .controlSequence(final: UInt8(ascii: "m")) else { return }
                let parameters = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 2)..<(range.upperBound - 1)])
                apply(applying(String(decoding: parameters.prefix(256), as: UTF8.self), to: style))
            }
        }
        flushText()
        if openSpan { html += "</span>" }
        return html
    }

    private static func applying(_ parameters: String, to current: Style) -> Style {
        var style = current
        let values = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
            Int($0.split(separator: ":").first ?? "") ?? 0
        }
        let codes = values.isEmpty ? [0] : values
        var index = 0
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: style = Style()
            case 1: style.bold = true
            case 2: style.dim = true
            case 3: style.italic = true
            case 4: style.underline = true
            case 7: style.inverse = true
            case 9: style.strike = true
            case 22: style.bold = false; style.dim = false
            case 23: style.italic = false
            case 24: style.underline = false
            case 27: style.inverse = false
            case 29: style.strike = false
            case 30...37: style.foreground = String(code - 30)
            case 39: style.foreground = nil
            case 40...47: style.background = String(code - 40)
            case 49: style.background = nil
            case 90...97: style.foreground = String(code - 90 + 8)
            case 100...107: style.background = String(code - 100 + 8)
            case 38, 48:
                var color: String?
                if index + 2 < codes.count, codes[index + 1] == 5 {
                    color = String(min(255, max(0, codes[index + 2])))
                    index += 2
                } else if index + 4 < codes.count, codes[index + 1] == 2 {
                    color = String(
                        Palette.nearest(red: codes[index + 2], green: codes[index + 3], blue: codes[index + 4]))
                    index += 4
                }
                if code == 38 { style.foreground = color } else { style.background = color }
            default: break
            }
            index += 1
        }
        return style
    }
}

/// The xterm 256-color palette, used to map 24-bit colors to palette classes.
enum Palette {
    /// The palette index closest to an RGB color (among the 6×6×6 cube and the gray ramp).
    static func nearest(red: Int, green: Int, blue: Int) -> Int {
        let clamp = { (value: Int) in min(255, max(0, value)) }
        let (r, g, b) = (clamp(red), clamp(green), clamp(blue))
        var best = 16
        var bestDistance = Int.max
        for index in 16..<256 {
            let (pr, pg, pb) = rgb(index)
            let distance = (pr - r) * (pr - r) + (pg - g) * (pg - g) + (pb - b) * (pb - b)
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return best
    }

    /// The RGB value of a palette index.
    static func rgb(_ index: Int) -> (Int, Int, Int) {
        let base16: [(Int, Int, Int)] = [
            (0, 0, 0), (205, 49, 49), (13, 188, 121), (229, 229, 16), (36, 114, 200), (188, 63, 188),
            (17, 168, 205), (229, 229, 229), (102, 102, 102), (241, 76, 76), (35, 209, 139), (245, 245, 67),
            (59, 142, 234), (214, 112, 214), (41, 184, 219), (255, 255, 255),
        ]
        if index < 16 { return base16[max(0, index)] }
        if index < 232 {
            let value = index - 16
            let levels = [0, 95, 135, 175, 215, 255]
            return (levels[value / 36], levels[(value / 6) % 6], levels[value % 6])
        }
        let gray = 8 + (index - 232) * 10
        return (gray, gray, gray)
    }

    /// `#rrggbb` for a palette index.
    static func hex(_ index: Int) -> String { hex(rgb(index)) }

    /// `#rrggbb` for a color.
    static func hex(_ color: (Int, Int, Int)) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + [color.0, color.1, color.2].map { String([digits[$0 >> 4], digits[$0 & 15]]) }.joined()
    }
}

/// WCAG contrast between colors, and the nearest legible variant of a color on a background.
enum Contrast {
    static func luminance(_ color: (Int, Int, Int)) -> Double {
        func channel(_ value: Int) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.0) + 0.7152 * channel(color.1) + 0.0722 * channel(color.2)
    }

    static func ratio(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// `color` blended toward white (on a dark background) or black (on a light one) until the contrast with
    /// `background` is at least 4.6:1.
    static func legible(_ color: (Int, Int, Int), on background: (Int, Int, Int)) -> (Int, Int, Int) {
        let target = luminance(background) < 0.5 ? 255 : 0
        var current = color
        var step = 0
        while ratio(current, background) < 4.6 && step < 20 {
            step += 1
            let weight = Double(step) / 20
            func blend(_ value: Int) -> Int { Int((Double(value) * (1 - weight) + Double(target) * weight).rounded()) }
            current = (blend(color.0), blend(color.1), blend(color.2))
        }
        return current
    }
}
