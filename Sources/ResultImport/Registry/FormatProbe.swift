import ResultSupport

/// What detection sees of an input: the first bytes of a file, or the entries of a folder.
public struct FormatProbe: Sendable {
    /// The first bytes of the file (up to 64 KiB); empty for a folder.
    public let prefix: [UInt8]
    /// The prefix as text: decoded from UTF-16 when it is UTF-16, without a byte-order mark and without the
    /// whitespace before the first character.
    public let text: Substring
    /// The input's name as diagnostics show it.
    public let fileName: String
    /// The names in the folder, when the input is a folder (a results folder, a bundle); `nil` for a file.
    public let folderEntries: [String]?

    /// A probe of a file's first bytes.
    public init(prefix: [UInt8], fileName: String) {
        self.prefix = prefix
        self.fileName = fileName
        self.folderEntries = nil
        self.text = Self.leadingText(prefix)
    }

    /// A probe of a folder's entries.
    public init(folderEntries: [String], fileName: String) {
        self.prefix = []
        self.text = ""
        self.fileName = fileName
        self.folderEntries = folderEntries
    }

    /// The first line of ``text``, without its line break.
    public var firstLine: Substring {
        let line = text.prefix { $0 != "\n" }
        return line.last == "\r" ? line.dropLast() : line
    }

    /// Whether ``text`` holds `needle`, searched as bytes: `text.contains` compares characters, a millisecond or
    /// more for each needle a 64 KiB prefix lacks, and every format tried before the right one asks for several.
    public func contains(_ needle: StaticString) -> Bool {
        String(text).containsBytes(needle)
    }

    /// Whether the input is a file whose text starts with `<`.
    public var isXML: Bool { text.hasPrefix("<") }

    /// Whether the input is a file whose text starts a JSON object or array.
    public var isJSON: Bool { text.hasPrefix("{") || text.hasPrefix("[") }

    /// The local name of the document's first element (after the declaration, comments, processing instructions
    /// and a doctype), when the prefix reaches it: `testsuites`, `TestRun`, `test-run`.
    public var xmlRootElement: Substring? {
        var rest = text[...]
        // The `<` is found as a byte: a walk by Character through a prefix that holds none (a log, a TAP stream)
        // cost more than reading a small file, once for each format and coverage format tried.
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "<")) {
            rest = rest[rest.index(after: open)...]
            guard let first = rest.first else { return nil }
            if first == "?" || first == "!" {
                let closer = rest.hasPrefix("!--") ? "-->" : ">"
                guard let end = rest.range(of: closer) else { return nil }
                rest = rest[end.upperBound...]
                continue
            }
            // A line break ends the name too (in a Swift string, "\r\n" is one character, so it is tested apart).
            let name = rest.prefix { !($0.isNewline || " \t/>".contains($0)) }
            guard !name.isEmpty else { return nil }
            // A prefixed name (`ns:TestRun`) is matched by its local part.
            return name.split(separator: ":").last
        }
        return nil
    }

    /// Whether any of the first lines (up to `limit`) satisfies `predicate`.
    public func anyLine(limit: Int = 2000, _ predicate: (Substring) -> Bool) -> Bool {
        // The lines are those `split(separator: "\n")` gives, found one at a time (splitting the whole prefix for
        // each format tried cost more than reading a small file): a `\n` Character is an LF byte after any byte
        // but CR (CR LF is one Character).
        var count = 0
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        var previous: UInt8 = 0
        while index != bytes.endIndex || start != bytes.endIndex {
            let atEnd = index == bytes.endIndex
            let byte = atEnd ? 0 : bytes[index]
            if atEnd || (byte == 0x0A && previous != 0x0D) {
                if start != index {
                    let line = text[start..<index]
                    if predicate(line.last == "\r" ? line.dropLast() : line) { return true }
                    count += 1
                    if count >= limit { break }
                }
                if atEnd { break }
                start = bytes.index(after: index)
            }
            previous = byte
            index = bytes.index(after: index)
        }
        return false
    }

    private static func leadingText(_ prefix: [UInt8]) -> Substring {
        if let decoded = UTF16Prefix.decode(prefix) {
            return Substring(decoded).drop { " \t\r\n".contains($0) }
        }
        var start = 0
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < prefix.count, [0x20, 0x09, 0x0A, 0x0D].contains(prefix[start]) { start += 1 }
        return Substring(String(decoding: prefix[start...], as: UTF8.self))
    }
}
