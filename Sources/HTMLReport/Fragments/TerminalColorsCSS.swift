import ResultSupport

/// The CSS of terminal colors, the one drawing of ``XtermPalette`` and ``TextStyle`` class names for the report
/// and for `snapshot --format html`: `f<n>` and `b<n>` for the 256 colors and one class per attribute. Inside
/// logs and terminal grids, foreground colors are adjusted toward white or black until they reach
/// ``Contrast/minimumRatio`` with the panel behind them, so every color a program chose stays legible.
enum TerminalColorsCSS {
    /// The panel colors the contrast is computed against.
    static let lightLogPanel = RGB(0xF4, 0xF4, 0xF4)
    static let darkLogPanel = RGB(0x22, 0x22, 0x22)
    static let terminalPanel = RGB(0x11, 0x11, 0x11)

    /// The palette and attribute classes (the report's stylesheet adds them to `report.css`).
    static let palette: String = {
        var css = ""
        var light = ""
        var dark = ""
        var terminal = ""
        for index in 0..<256 {
            let color = XtermPalette.color(index)
            css += ".f\(index){color:\(color.hex)}.b\(index){background-color:\(color.hex)}"
            light += ".log .f\(index){color:\(Contrast.legible(color, on: lightLogPanel).hex)}"
            dark += ".log .f\(index){color:\(Contrast.legible(color, on: darkLogPanel).hex)}"
            terminal += ".terminal .f\(index){color:\(Contrast.legible(color, on: terminalPanel).hex)}"
        }
        return css + light + terminal + "@media (prefers-color-scheme: dark){" + dark + "}" + attributes
    }()

    /// The attribute classes of ``ResultModel/TerminalAttributes/classNames``.
    static let attributes = """
        .sb{font-weight:700}.sd{font-weight:300}.si{font-style:italic}.su{text-decoration:underline}\
        .ss{text-decoration:line-through}.su.ss{text-decoration:underline line-through}.sh{visibility:hidden}\
        .sk{text-decoration:overline}
        """

    /// A page's whole style for a terminal grid on its own (`snapshot --format html`).
    static let standalone: String =
        "body{margin:0;background:#111}"
        + "pre.terminal{display:block;margin:0;background:#\(hex(terminalPanel));color:#e5e5e5;padding:8px;"
        + "line-height:1.2;white-space:pre;font-family:ui-monospace,monospace}"
        + "pre.terminal .row{display:inline}" + palette

    private static func hex(_ color: RGB) -> String { String(color.hex.dropFirst()) }
}
