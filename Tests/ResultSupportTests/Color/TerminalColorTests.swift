import ResultSupport
import Testing

/// The one xterm palette, its contrast adjustment and SGR styles.
struct XtermPaletteTests {
    @Test func basicColorsAreXtermsDefaults() {
        #expect(XtermPalette.color(1) == RGB(205, 0, 0))
        #expect(XtermPalette.color(4) == RGB(0, 0, 238))
        #expect(XtermPalette.color(12) == RGB(92, 92, 255))
    }

    @Test func cubeAndGrayRampFollowXterm() {
        #expect(XtermPalette.color(16) == RGB(0, 0, 0))
        #expect(XtermPalette.color(21) == RGB(0, 0, 255))
        #expect(XtermPalette.color(196) == RGB(255, 0, 0))
        #expect(XtermPalette.color(232) == RGB(8, 8, 8))
        #expect(XtermPalette.color(255) == RGB(238, 238, 238))
        #expect(XtermPalette.color(999) == XtermPalette.color(255))
    }

    @Test func nearestFindsTheCubeOrRampEntry() {
        #expect(XtermPalette.nearest(RGB(255, 0, 0)) == 196)
        #expect(XtermPalette.nearest(RGB(1, 2, 250)) == 21)
        #expect(XtermPalette.nearest(RGB(128, 128, 128)) == 244)
        #expect(RGB(255, 0, 16).hex == "#ff0010")
    }

    @Test func legibleColorsReachTheMinimumContrast() {
        let panel = RGB(0x11, 0x11, 0x11)
        for index in 0..<256 {
            let adjusted = Contrast.legible(XtermPalette.color(index), on: panel)
            #expect(Contrast.ratio(adjusted, panel) >= Contrast.minimumRatio - 0.3)
        }
        #expect(Contrast.legible(RGB(255, 255, 255), on: panel) == RGB(255, 255, 255))
    }
}

struct TextStyleTests {
    func style(_ parameters: String, from start: TextStyle = TextStyle()) -> TextStyle {
        var style = start
        style.applySelectGraphicRendition(parameters)
        return style
    }

    @Test func basicAndBrightColors() {
        #expect(style("31;44").classNames == "f1 b4")
        #expect(style("91;104").classNames == "f9 b12")
        #expect(style("31;39").classNames == "")
    }

    @Test func extendedColorsInBothForms() {
        #expect(style("38;5;196").classNames == "f196")
        #expect(style("38;2;255;0;0").classNames == "f196")
        #expect(style("38:5:82").classNames == "f82")
        #expect(style("48:2::0:0:255").classNames == "b21")
        #expect(style("48:2:0:0:255").classNames == "b21")
        #expect(style("38;5;196;1").classNames == "f196 sb")
    }

    @Test func attributesSetAndReset() {
        #expect(style("1;2;3;4;5;7;8;9").classNames == "f0 b15 sb sd si su sv ss sh sk")
        #expect(style("22;23;24;25;27;28;29", from: style("1;2;3;4;5;7;8;9")).isPlain)
        #expect(style("", from: style("1;31")).isPlain)
        #expect(style("0", from: style("1;31")).isPlain)
    }

    @Test func inverseSwapsTheDrawnColors() {
        #expect(style("7;31;42").classNames == "f2 b1 sv")
        #expect(style("7;31").classNames == "f0 b1 sv")
    }

    @Test func malformedParametersNeverTrap() {
        #expect(style("38;5").classNames == "")
        #expect(style("38;2;1").classNames == "")
        #expect(style("99999999999999999999;31").classNames == "f1")
        #expect(style("?25").isPlain)
        #expect(style(";;;").isPlain)
    }
}
