import ResultModel

/// How a run of terminal text is drawn: palette colors and attributes, set by SGR sequences (`ESC [ … m`, ECMA-48
/// 8.3.117) in a console log or by the emulator in a snapshot. Renderers turn it into the same class names
/// everywhere, so one color looks the same in a log, a snapshot, the report and `snapshot --format html`.
package struct TextStyle: Equatable, Sendable {
    /// Attributes SGR can set: the one set, a snapshot cell's (``ResultModel/TerminalAttributes``).
    package typealias Attributes = TerminalAttributes

    /// The foreground's palette index (``XtermPalette``), or `nil` for the default.
    package var foreground: Int?
    /// The background's palette index, or `nil` for the default.
    package var background: Int?
    package var attributes: Attributes = []

    package init(foreground: Int? = nil, background: Int? = nil, attributes: Attributes = []) {
        self.foreground = foreground.map { min(255, max(0, $0)) }
        self.background = background.map { min(255, max(0, $0)) }
        self.attributes = attributes
    }

    /// Whether text in this style is drawn as plain text.
    package var isPlain: Bool { self == TextStyle() }

    /// The classes that draw this style: `f<n>` and `b<n>` for the colors actually drawn (inverse swaps them, the
    /// default foreground becoming 15 and the default background 0), then one class per attribute
    /// (`sb` bold, `sd` dim, `si` italic, `su` underline, `sv` inverse, `ss` strikethrough, `sh` hidden, `sk`
    /// blink). Empty for plain text.
    package var classNames: String {
        var foreground = foreground
        var background = background
        if attributes.contains(.inverse) { (foreground, background) = (background ?? 0, foreground ?? 15) }
        var names: [String] = []
        if let foreground { names.append("f\(foreground)") }
        if let background { names.append("b\(background)") }
        for (attribute, name) in Attributes.classNames where attributes.contains(attribute) { names.append(name) }
        return names.joined(separator: " ")
    }

    /// Applies the parameters of one SGR sequence (the bytes between `ESC [` and `m`). Parameters are separated by
    /// `;`; a parameter's `:` sub-parameters (ITU T.416: `38:5:n`, `38:2::r:g:b`, `38:2:r:g:b`) are read for
    /// extended colors. An empty list or parameter is 0 (reset); unknown codes are ignored. 24-bit colors become
    /// the nearest palette entry.
    package mutating func applySelectGraphicRendition(_ parameters: UnsafeBufferPointer<UInt8>) {
        var groups: [[Int]] = [[]]
        var value = 0
        var hasDigits = false
        for byte in parameters.prefix(256) {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = min(value * 10 + Int(byte - 0x30), 99_999)
                hasDigits = true
            case UInt8(ascii: ":"), UInt8(ascii: ";"):
                groups[groups.count - 1].append(hasDigits ? value : -1)
                if byte == UInt8(ascii: ";") { groups.append([]) }
                value = 0
                hasDigits = false
            default: return  // private parameters (`<`, `=`, `>`, `?`) are not SGR
            }
        }
        groups[groups.count - 1].append(hasDigits ? value : -1)
        var index = 0
        while index < groups.count {
            let group = groups[index]
            let code = max(0, group[0])
            if code == 38 || code == 48 {
                let color: Int?
                if group.count > 1 {
                    color = Self.extendedColor(Array(group.dropFirst()), colonForm: true)
                } else {
                    let following = groups[(index + 1)...].map { max(0, $0[0]) }
                    color = Self.extendedColor(following, colonForm: false)
                    index += following.first == 5 ? 2 : following.first == 2 ? 4 : 0
                }
                if let color {
                    if code == 38 { foreground = color } else { background = color }
                }
            } else {
                apply(code, subParameter: group.count > 1 ? group[1] : nil)
            }
            index += 1
        }
    }

    /// Applies the parameters of one SGR sequence given as text (`"1;31"`).
    package mutating func applySelectGraphicRendition(_ parameters: String) {
        var parameters = parameters
        parameters.withUTF8 { applySelectGraphicRendition($0) }
    }

    /// The palette index of `5;n` or `2;r;g;b` (or their colon forms, where `2` may be followed by an empty
    /// color-space identifier).
    private static func extendedColor(_ values: [Int], colonForm: Bool) -> Int? {
        guard let kind = values.first else { return nil }
        if kind == 5, values.count >= 2 { return min(255, max(0, values[1])) }
        guard kind == 2 else { return nil }
        var channels = Array(values.dropFirst())
        if colonForm && channels.count >= 4 { channels.removeFirst() }  // the color-space identifier
        guard channels.count >= 3 else { return nil }
        return XtermPalette.nearest(RGB(max(0, channels[0]), max(0, channels[1]), max(0, channels[2])))
    }

    private mutating func apply(_ code: Int, subParameter: Int?) {
        if attributes.applyGraphicRendition(code, subParameter: subParameter) { return }
        if let (isForeground, index) = TerminalColor.basicGraphicRendition(code) {
            if isForeground { foreground = index } else { background = index }
        } else if code == 0 {
            self = TextStyle()
        }
    }
}

extension TerminalAttributes {
    /// Each attribute with its class name (``TextStyle/classNames``), in the order class lists name them.
    package static let classNames: [(TerminalAttributes, String)] = [
        (.bold, "sb"), (.dim, "sd"), (.italic, "si"), (.underline, "su"), (.inverse, "sv"),
        (.strikethrough, "ss"), (.hidden, "sh"), (.blink, "sk"),
    ]
}
