/// How unified diffs write paths: git's C-style quoting (`"caf\303\251 \"x\".c"`), the `a/` and `b/` prefixes
/// (git's mnemonic `c/`, `i/`, `w/`, `o/` too) and the tab that ends a name (GNU diff's timestamp follows it;
/// git adds one after a name with a space). A name that cannot be read throws a ``CoverageError`` without its
/// place, which the diff reader adds.
enum DiffPathText {
    /// The path a `---` or `+++` line names (the text after `--- `): unquoted, cut at a tab; `nil` for
    /// `/dev/null`.
    static func headerPath(_ text: Substring) throws -> String? {
        let path: String
        if text.hasPrefix("\"") {
            path = try unquoted(text).path
        } else {
            path = String(text.prefix { $0 != "\t" })
        }
        return path == "/dev/null" ? nil : path
    }

    /// The two paths of `diff --git X Y`, prefixes kept, or `nil` when the line cannot be split (an unquoted
    /// rename whose names hold spaces: the `rename from`/`rename to` lines or `---`/`+++` name them then).
    static func gitHeaderPaths(_ text: Substring) throws -> (old: String, new: String)? {
        if text.hasPrefix("\"") {
            let (old, rest) = try unquoted(text)
            guard rest.hasPrefix(" ") else { return nil }
            let second = rest.dropFirst()
            return (old, second.hasPrefix("\"") ? try unquoted(second).path : String(second))
        }
        if text.hasSuffix("\""), let open = text.range(of: " \"", options: .backwards) {
            return (String(text[..<open.lowerBound]), try unquoted(text[text.index(after: open.lowerBound)...]).path)
        }
        // Unquoted names may hold spaces: the split is where both sides name the same file (git's own rule).
        var index = text.startIndex
        while let space = text[index...].firstIndex(of: " ") {
            let old = text[..<space]
            let new = text[text.index(after: space)...]
            if old == new || (hasPrefixLetter(old) && hasPrefixLetter(new) && old.dropFirst(2) == new.dropFirst(2)) {
                return (String(old), String(new))
            }
            index = text.index(after: space)
        }
        return nil
    }

    /// Whether a diff whose sides are named `old` and `new` (as in `diff --git`) writes prefixes: both start with
    /// a letter git uses for one (`a/`, `b/`, `c/`, `i/`, `w/`, `o/`), and the letters differ (`--no-prefix`
    /// names one file the same on both sides).
    static func hasPrefixes(old: String, new: String) -> Bool {
        hasPrefixLetter(Substring(old)) && hasPrefixLetter(Substring(new)) && old.first != new.first
    }

    /// `path` without its first two characters (its prefix).
    static func droppingPrefix(_ path: String?) -> String? { path.map { String($0.dropFirst(2)) } }

    private static func hasPrefixLetter(_ path: Substring) -> Bool {
        let characters = Array(path.prefix(2))
        return characters.count == 2 && characters[1] == "/" && "abciwo".contains(characters[0])
    }

    /// A C-style quoted name at the start of `text` and what follows its closing quote.
    static func unquoted(_ text: Substring) throws -> (path: String, rest: Substring) {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 1
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\"") {
                let rest = String(decoding: utf8[(index + 1)...], as: UTF8.self)
                return (String(decoding: bytes, as: UTF8.self), Substring(rest))
            }
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                index += 1
                continue
            }
            guard index + 1 < utf8.count else { break }
            let escaped = utf8[index + 1]
            switch escaped {
            case UInt8(ascii: "0")...UInt8(ascii: "3"):
                let digits = utf8[(index + 1)..<min(index + 4, utf8.count)]
                guard digits.count == 3, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") })
                else { throw CoverageError(.malformed, "a quoted name has a bad octal escape") }
                bytes.append(digits.reduce(0) { $0 &* 8 &+ ($1 - UInt8(ascii: "0")) })
                index += 4
                continue
            case UInt8(ascii: "a"): bytes.append(0x07)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "v"): bytes.append(0x0B)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(escaped)
            default: throw CoverageError(.malformed, "a quoted name has an unknown escape \\\(Unicode.Scalar(escaped))")
            }
            index += 2
        }
        throw CoverageError(.malformed, "a quoted name has no closing quote")
    }
}
