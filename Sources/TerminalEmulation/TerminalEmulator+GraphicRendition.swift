import ResultModel

/// SGR (`CSI ... m`): colors and attributes of the pen.
extension TerminalEmulator {
    /// Applies the SGR parameters to the pen.
    mutating func selectGraphicRendition() {
        if parser.parameters.count == 0 {
            resetPen()
            return
        }
        var index = 0
        while index < parser.parameters.count {
            let value = parser.parameters.value(at: index, default: 0)
            index += 1
            // Sub-parameters (colon form) belong to this parameter.
            var subParameters: [Int] = []
            while index < parser.parameters.count && parser.parameters.isSubParameter(index) {
                subParameters.append(parser.parameters.value(at: index, default: ControlSequenceParameters.missing))
                index += 1
            }
            var attributes = TerminalAttributes(rawValue: pen.attributes)
            if attributes.applyGraphicRendition(value, subParameter: subParameters.first) {
                pen.attributes = attributes.rawValue
                continue
            }
            if let (isForeground, index) = TerminalColor.basicGraphicRendition(value) {
                let color = index.map(PackedColor.indexed) ?? PackedColor.default
                if isForeground { pen.foreground = color } else { pen.background = color }
                continue
            }
            switch value {
            case 0: resetPen()
            case 38, 48, 58:
                let color: UInt32?
                if subParameters.isEmpty {
                    color = extendedColor(semicolonFormAt: &index)
                } else {
                    color = extendedColor(colonForm: subParameters)
                }
                if let color {
                    if value == 38 { pen.foreground = color } else if value == 48 { pen.background = color }
                }
            default: break
            }
        }
    }

    private mutating func resetPen() {
        pen.foreground = PackedColor.default
        pen.background = PackedColor.default
        pen.attributes = 0
    }

    /// `38;5;n` or `38;2;r;g;b`: reads the following parameters and moves `index` past them.
    private func extendedColor(semicolonFormAt index: inout Int) -> UInt32? {
        let kind = parser.parameters.value(at: index, default: -1)
        if kind == 5, index + 1 < parser.parameters.count {
            let palette = parser.parameters.value(at: index + 1, default: 0)
            index += 2
            return palette <= 255 ? PackedColor.indexed(palette) : nil
        }
        if kind == 2, index + 3 < parser.parameters.count {
            let red = parser.parameters.value(at: index + 1, default: 0)
            let green = parser.parameters.value(at: index + 2, default: 0)
            let blue = parser.parameters.value(at: index + 3, default: 0)
            index += 4
            return PackedColor.rgb(red, green, blue)
        }
        index = parser.parameters.count  // malformed: ignore the rest, as xterm does
        return nil
    }

    /// `38:5:n`, `38:2::r:g:b` (with a color space id) or `38:2:r:g:b`.
    private func extendedColor(colonForm sub: [Int]) -> UInt32? {
        let value = { (position: Int) in max(sub[position], 0) }
        switch sub[0] {
        case 5 where sub.count >= 2:
            return value(1) <= 255 ? PackedColor.indexed(value(1)) : nil
        case 2 where sub.count >= 5: return PackedColor.rgb(value(2), value(3), value(4))
        case 2 where sub.count == 4: return PackedColor.rgb(value(1), value(2), value(3))
        default: return nil
        }
    }
}
