/// Keystrokes to type into a program, written in a small notation: `hello<Enter><Up><C-c>`.
///
/// Text stands for itself (UTF-8). Named keys go in angle brackets, case-insensitively:
/// `<Enter>` (`<CR>`, `<Return>`), `<Tab>`, `<Esc>`, `<Backspace>` (`<BS>`, sends DEL 0x7F), `<Space>`, `<lt>`
/// (a literal `<`), `<Up>` `<Down>` `<Left>` `<Right>`, `<Home>` `<End>`, `<PageUp>` `<PageDown>`, `<Insert>`,
/// `<Delete>` (`<Del>`), `<F1>`...`<F12>`, `<C-x>` (Control with a letter or one of `@[\]^_ `), and `<M-x>` /
/// `<A-x>` (Meta/Alt: ESC then the key). A `<` that does not start `<name>` is a literal `<`; an unknown
/// `<name>` is an error. Cursor keys use the normal (not application) mode sequences, as xterm sends them.
public struct KeySequence: Sendable, Hashable {
    /// The bytes to write to the terminal.
    public var bytes: [UInt8]

    /// Wraps raw bytes.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parses the notation described on the type.
    /// - Throws: ``TerminalEmulationError`` with code `invalidKeyNotation` and the offset of the bad key.
    public init(parsing notation: String) throws(TerminalEmulationError) {
        var bytes: [UInt8] = []
        let characters = Array(notation)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "<", let close = Self.closingBracket(in: characters, from: index) {
                let name = String(characters[(index + 1)..<close])
                guard let key = Self.bytes(forKey: name) else {
                    throw TerminalEmulationError(
                        code: .invalidKeyNotation,
                        message: "unknown key <\(name)>; use a name such as <Enter>, <Up>, <C-c> or <lt> for a '<'",
                        offset: String(characters[..<index]).utf8.count)
                }
                bytes += key
                index = close + 1
            } else {
                bytes += Array(String(character).utf8)
                index += 1
            }
        }
        self.bytes = bytes
    }

    /// The index of the `>` closing a key name that starts at `start`, when the name looks like one.
    private static func closingBracket(in characters: [Character], from start: Int) -> Int? {
        var index = start + 1
        while index < characters.count && index - start <= 12 {
            let character = characters[index]
            if character == ">" { return index > start + 1 ? index : nil }
            let isNamePart = character.isLetter || character.isNumber || character == "-"
            let isKeyAfterModifier = index >= start + 3 && characters[index - 1] == "-"
            guard isNamePart || isKeyAfterModifier else { return nil }
            index += 1
        }
        return nil
    }

    private static let namedKeys: [String: [UInt8]] = {
        let escape: UInt8 = 0x1B
        func csi(_ text: String) -> [UInt8] { [escape, UInt8(ascii: "[")] + Array(text.utf8) }
        var keys: [String: [UInt8]] = [
            "enter": [0x0D], "cr": [0x0D], "return": [0x0D], "tab": [0x09], "esc": [escape], "escape": [escape],
            "backspace": [0x7F], "bs": [0x7F], "space": [0x20], "lt": [UInt8(ascii: "<")], "gt": [UInt8(ascii: ">")],
            "up": csi("A"), "down": csi("B"), "right": csi("C"), "left": csi("D"), "home": csi("H"), "end": csi("F"),
            "pageup": csi("5~"), "pagedown": csi("6~"), "insert": csi("2~"), "delete": csi("3~"), "del": csi("3~"),
            "f1": [escape, 0x4F, 0x50], "f2": [escape, 0x4F, 0x51], "f3": [escape, 0x4F, 0x52],
            "f4": [escape, 0x4F, 0x53],
        ]
        for (number, code) in [(5, 15), (6, 17), (7, 18), (8, 19), (9, 20), (10, 21), (11, 23), (12, 24)] {
            keys["f\(number)"] = csi("\(code)~")
        }
        return keys
    }()

    /// The bytes of a named key, with `C-` and `M-`/`A-` modifiers.
    private static func bytes(forKey name: String) -> [UInt8]? {
        let lowered = name.lowercased()
        if let key = namedKeys[lowered] { return key }
        if lowered.hasPrefix("m-") || lowered.hasPrefix("a-") {
            let rest = String(name.dropFirst(2))
            if let inner = bytes(forKey: rest) { return [0x1B] + inner }
            return rest.count == 1 ? [0x1B] + Array(rest.utf8) : nil
        }
        if lowered.hasPrefix("c-") {
            let rest = String(name.dropFirst(2))
            guard rest.count == 1, let scalar = rest.unicodeScalars.first, scalar.isASCII else { return nil }
            let value = UInt8(scalar.value)
            switch value {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): return [value - 0x60]
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): return [value - 0x40]
            case UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "^"),
                UInt8(ascii: "_"):
                return [value & 0x1F]
            case UInt8(ascii: " "): return [0]
            case UInt8(ascii: "?"): return [0x7F]
            default: return nil
            }
        }
        return nil
    }
}
