/// Rewrites a failure message so that failures with one cause read the same: the values that differ from test to
/// test (numbers, quoted values, hexadecimal addresses, UUIDs, temporary paths, durations) become placeholders, and
/// what stays is the words of the assertion. `XCTAssertEqual failed: ("1") is not equal to ("2")` and `…("7") is not
/// equal to ("9")` both become `XCTAssertEqual failed: ("…") is not equal to ("…")`.
///
/// Only the first non-empty line counts (the rest is usually a diff or a trace), cut at ``maxScalars``. One pass,
/// no regular expressions: a run of 100,000 failures is normalised in well under a second.
public enum FailureMessageNormalizer {
    /// The placeholders that stand for the values left out, as they appear in a normalised message.
    public static let placeholders = ["<tmp>", "<uuid>", "<hex>", "<duration>", "<n>", "…"]

    /// The most characters of the first line that are read.
    public static let maxScalars = 400

    /// The normalised first line of `message`.
    public static func normalize(_ message: String) -> String {
        let line = firstLine(of: message)
        let scalars = Array(line.unicodeScalars.prefix(maxScalars))
        var output = String.UnicodeScalarView()
        var index = 0
        var pendingSpace = false
        func emit(_ text: String) {
            if pendingSpace, !output.isEmpty { output.append(" ") }
            pendingSpace = false
            output.append(contentsOf: text.unicodeScalars)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let previous: Unicode.Scalar? = index > 0 ? scalars[index - 1] : nil
            if isWhitespace(scalar) {
                pendingSpace = true
                index += 1
                continue
            }
            if let end = quotedValueEnd(scalars, at: index, previous: previous) {
                emit(String(scalar) + "…" + String(scalars[end]))
                index = end + 1
                continue
            }
            if let end = temporaryPathEnd(scalars, at: index, previous: previous) {
                emit("<tmp>")
                index = end
                continue
            }
            if let end = uuidEnd(scalars, at: index, previous: previous) {
                emit("<uuid>")
                index = end
                continue
            }
            if let end = hexEnd(scalars, at: index, previous: previous) {
                emit("<hex>")
                index = end
                continue
            }
            if let (end, isDuration) = numberEnd(scalars, at: index, previous: previous) {
                emit(isDuration ? "<duration>" : "<n>")
                index = end
                continue
            }
            emit(String(scalar))
            index += 1
        }
        return String(output)
    }

    private static func firstLine(of message: String) -> Substring {
        for line in message.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            if line.contains(where: { !$0.isWhitespace }) { return line }
        }
        return ""
    }

    private static let closers: [Unicode.Scalar: Unicode.Scalar] = [
        "\"": "\"", "'": "'", "`": "`", "\u{201C}": "\u{201D}", "\u{2018}": "\u{2019}", "<": ">",
    ]

    /// The index of the closing quote of a quoted value starting at `index`, on the same line and at most 200
    /// characters on; `'` after a letter is an apostrophe (`can't`), and `<` quotes only after `:` (JUnit's
    /// `expected:<5> but was:<6>`), not in `a < b`.
    private static func quotedValueEnd(_ scalars: [Unicode.Scalar], at index: Int, previous: Unicode.Scalar?)
        -> Int?
    {
        let opener = scalars[index]
        guard let closer = closers[opener] else { return nil }
        if opener == "'", let previous, isAlphabetic(previous) || previous.properties.numericType != nil {
            return nil
        }
        if opener == "<", previous != ":" { return nil }
        var end = index + 1
        while end < scalars.count, end - index <= 200 {
            if scalars[end] == closer { return end }
            if scalars[end] == "\\" { end += 1 }
            end += 1
        }
        return nil
    }

    private static let temporaryPrefixes = [
        "/tmp/", "/var/tmp/", "/var/folders/", "/private/var/folders/", "/private/tmp/", "/dev/shm/",
    ]

    /// The end of a temporary path (`/tmp/…`, macOS's `/var/folders/…`, Windows' `…\Temp\…`), at the next space.
    private static func temporaryPathEnd(_ scalars: [Unicode.Scalar], at index: Int, previous: Unicode.Scalar?)
        -> Int?
    {
        guard scalars[index] == "/" || isAlphabetic(scalars[index]),
            previous.map({ isWhitespace($0) || "(\"'=:".unicodeScalars.contains($0) }) ?? true
        else { return nil }
        var end = index
        while end < scalars.count, !isWhitespace(scalars[end]), !"\"')".unicodeScalars.contains(scalars[end]) {
            end += 1
        }
        // Most words are neither a Unix path nor hold a backslash: they are let go before a string is made of them,
        // which was most of a report's normalising time.
        guard scalars[index] == "/" || scalars[index..<end].contains("\\") else { return nil }
        let word = String(String.UnicodeScalarView(scalars[index..<end]))
        let isTemporary =
            temporaryPrefixes.contains { word.hasPrefix($0) } || word.contains("\\Temp\\")
            || word.contains("\\AppData\\Local\\Temp")
        return isTemporary ? end : nil
    }

    /// Whether `scalar` is white space; ASCII without the Unicode property tables, which a message's every character
    /// would otherwise be looked up in.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return scalar.properties.isWhitespace }
        return scalar == " " || ("\t"..."\r").contains(scalar)
    }

    /// Whether `scalar` is a letter; ASCII without the Unicode property tables.
    private static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return scalar.properties.isAlphabetic }
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return isAlphabetic(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    /// The end of a UUID (8-4-4-4-12 hexadecimal digits) starting at `index`.
    private static func uuidEnd(_ scalars: [Unicode.Scalar], at index: Int, previous: Unicode.Scalar?) -> Int? {
        guard !isWordCharacter(previous), index + 36 <= scalars.count else { return nil }
        for (offset, scalar) in scalars[index..<index + 36].enumerated() {
            let isDash = [8, 13, 18, 23].contains(offset)
            guard isDash ? scalar == "-" : isHexDigit(scalar) else { return nil }
        }
        let end = index + 36
        return end < scalars.count && isWordCharacter(scalars[end]) ? nil : end
    }

    /// The end of a hexadecimal number (`0x7ffee3b2c8a0`) starting at `index`.
    private static func hexEnd(_ scalars: [Unicode.Scalar], at index: Int, previous: Unicode.Scalar?) -> Int? {
        guard !isWordCharacter(previous), index + 2 < scalars.count, scalars[index] == "0",
            scalars[index + 1] == "x" || scalars[index + 1] == "X", isHexDigit(scalars[index + 2])
        else { return nil }
        var end = index + 2
        while end < scalars.count, isHexDigit(scalars[end]) { end += 1 }
        return end
    }

    private static let durationUnits = ["ms", "s", "sec", "secs", "second", "seconds", "µs", "us", "ns", "min"]

    /// The end of a number starting at `index` (digits in a word too: `testCase12`), and whether a time unit
    /// follows it (`0.5 s`, `120ms`), which the end then includes.
    private static func numberEnd(_ scalars: [Unicode.Scalar], at index: Int, previous: Unicode.Scalar?)
        -> (Int, Bool)?
    {
        var start = index
        if scalars[index] == "-", index + 1 < scalars.count, ("0"..."9").contains(scalars[index + 1]),
            !isWordCharacter(previous)
        {
            start += 1
        }
        guard ("0"..."9").contains(scalars[start]) else { return nil }
        var end = start
        while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
        if end + 1 < scalars.count, scalars[end] == ".", ("0"..."9").contains(scalars[end + 1]) {
            end += 1
            while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
        }
        if end + 1 < scalars.count, scalars[end] == "e" || scalars[end] == "E",
            ("0"..."9").contains(scalars[end + 1]) || "+-".unicodeScalars.contains(scalars[end + 1])
        {
            var exponent = end + 1
            if "+-".unicodeScalars.contains(scalars[exponent]) { exponent += 1 }
            if exponent < scalars.count, ("0"..."9").contains(scalars[exponent]) {
                end = exponent
                while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
            }
        }
        var unitStart = end
        if unitStart < scalars.count, scalars[unitStart] == " " { unitStart += 1 }
        for unit in durationUnits.sorted(by: { $0.count > $1.count }) {
            let unitScalars = Array(unit.unicodeScalars)
            let unitEnd = unitStart + unitScalars.count
            guard unitEnd <= scalars.count, Array(scalars[unitStart..<unitEnd]) == unitScalars else { continue }
            if unitEnd < scalars.count, isWordCharacter(scalars[unitEnd]) { continue }
            return (unitEnd, true)
        }
        return (end, false)
    }
}
