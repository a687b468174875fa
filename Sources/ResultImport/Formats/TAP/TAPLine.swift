/// One line of a TAP stream, classified, without its indentation.
enum TAPLine: Equatable {
    /// `ok 1 - name # SKIP reason`, `not ok 2 name {` (a buffered subtest opens).
    case point(TAPPoint)
    /// `1..12`, with the reason of `1..0 # SKIP reason`.
    case plan(count: Int?, skipReason: String?)
    /// `# Subtest: name`.
    case subtest(name: String)
    /// Any other comment, without its `#` and one space.
    case comment(String)
    /// `Bail out! reason`.
    case bailOut(reason: String)
    /// `---`, the start of a YAML diagnostics block.
    case yamlStart
    /// `}`, the end of a buffered subtest.
    case closingBrace
    /// Anything else (`TAP version 14`, `pragma +strict`, text a test printed).
    case other

    /// Classifies `content` (a line without its leading spaces).
    init(_ content: Substring) {
        if content.hasPrefix("ok") || content.hasPrefix("not ok"), let point = TAPPoint(content) {
            self = .point(point)
        } else if content.hasPrefix("1..") {
            let rest = content.dropFirst(3)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            let tail = rest.dropFirst(digits.count).drop { $0 == " " }
            var reason: String?
            if tail.hasPrefix("#") {
                let words = tail.dropFirst().drop { $0 == " " }
                if words.lowercased().hasPrefix("skip") {
                    reason = String(words.drop { !$0.isWhitespace }.drop(while: \.isWhitespace))
                }
            }
            // A count too large for an Int is still a plan; it just cannot match.
            self = .plan(count: Int(digits) ?? (digits.isEmpty ? nil : Int.max), skipReason: reason)
        } else if content.hasPrefix("# Subtest") {
            var name = content.dropFirst("# Subtest".count)
            if name.hasPrefix(":") { name = name.dropFirst() }
            self = .subtest(name: String(name.drop { $0 == " " }))
        } else if content.hasPrefix("#") {
            let text = content.dropFirst()
            self = .comment(String(text.hasPrefix(" ") ? text.dropFirst() : text))
        } else if content.hasPrefix("Bail out!") {
            self = .bailOut(reason: String(content.dropFirst("Bail out!".count).drop { $0 == " " }))
        } else if content == "---" || content.hasPrefix("--- ") {
            self = .yamlStart
        } else if content == "}" {
            self = .closingBrace
        } else {
            self = .other
        }
    }
}

/// A test point: `ok`/`not ok`, its number, its description and its directive.
struct TAPPoint: Equatable {
    enum Directive: Equatable { case none, skip(String), todo(String) }

    var isOK: Bool
    var number: Int?
    var description: String
    var directive: Directive
    /// Whether the line ends with `{`: a buffered subtest (TAP 14) follows, closed by `}`.
    var opensBlock: Bool

    /// A point without directive and without a block.
    init(isOK: Bool, number: Int?, description: String) {
        self.isOK = isOK
        self.number = number
        self.description = description
        directive = .none
        opensBlock = false
    }

    init?(_ content: Substring) {
        guard let head = Self.isPlainASCII(content) ? Self.asciiHead(content) : Self.head(content) else { return nil }
        isOK = head.isOK
        number = head.number
        opensBlock = head.opensBlock
        let rest = head.rest
        // Most descriptions hold neither `#` nor `\`: they are the rest as it is, without a walk by Character.
        if !rest.utf8.contains(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "\\") }) {
            description = String(rest)
            directive = .none
            return
        }
        // The directive follows the first `#` that is not escaped (`\#` is a `#` in the description).
        var description = ""
        var directive = Directive.none
        var index = rest.startIndex
        while index < rest.endIndex {
            let character = rest[index]
            if character == "\\", rest.index(after: index) < rest.endIndex {
                let next = rest[rest.index(after: index)]
                if next == "#" || next == "\\" {
                    description.append(next)
                    index = rest.index(index, offsetBy: 2)
                    continue
                }
            }
            if character == "#" {
                directive = Self.directive(rest[rest.index(after: index)...])
                if directive != .none { break }
            }
            description.append(character)
            index = rest.index(after: index)
        }
        while description.last == " " { description.removeLast() }
        self.description = description
        self.directive = directive
    }

    /// The parts of a point before its description: `ok`/`not ok`, the number, whether a block opens; `rest` is
    /// the description with its directive, trimmed. `nil` when the line is no point (`okay`).
    private typealias Head = (isOK: Bool, number: Int?, opensBlock: Bool, rest: Substring)

    private static func head(_ content: Substring) -> Head? {
        var rest: Substring
        let isOK = !content.hasPrefix("not ok")
        rest = content.dropFirst(isOK ? 2 : 6)
        // `okay` or `oktober` are not test points.
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" || rest.first == "#" else { return nil }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        let number = digits.isEmpty ? nil : Int(digits)
        rest = rest.dropFirst(digits.count).drop { $0 == " " || $0 == "\t" }
        if rest.hasPrefix("- ") || rest == "-" { rest = rest.dropFirst().drop { $0 == " " } }
        let opensBlock = rest.hasSuffix(" {") || rest == "{"
        if opensBlock { rest = rest.dropLast().drop { $0 == " " } }
        while rest.last == " " { rest = rest.dropLast() }
        return (isOK, number, opensBlock, rest)
    }

    /// Whether every Character of `content` is one ASCII byte (no `\r\n` pair): then ``asciiHead(_:)`` reads
    /// it as bytes, the same as ``head(_:)`` reads Characters, at a fraction of the cost.
    private static func isPlainASCII(_ content: Substring) -> Bool {
        content.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// ``head(_:)``, step by step, over the bytes of an ASCII line.
    private static func asciiHead(_ content: Substring) -> Head? {
        let space = UInt8(ascii: " ")
        let tab = UInt8(ascii: "\t")
        let isOK = !content.utf8.starts(with: "not ok".utf8)
        var rest = content.utf8.dropFirst(isOK ? 2 : 6)
        guard rest.isEmpty || rest.first == space || rest.first == tab || rest.first == UInt8(ascii: "#") else {
            return nil
        }
        rest = rest.drop { $0 == space || $0 == tab }
        let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let number = digits.isEmpty ? nil : Int(Substring(digits))
        rest = rest.dropFirst(digits.count).drop { $0 == space || $0 == tab }
        if rest.starts(with: "- ".utf8) || rest.elementsEqual("-".utf8) { rest = rest.dropFirst().drop { $0 == space } }
        let opensBlock =
            (rest.count >= 2 && rest.suffix(2).elementsEqual(" {".utf8)) || rest.elementsEqual("{".utf8)
        if opensBlock { rest = rest.dropLast().drop { $0 == space } }
        while rest.last == space { rest = rest.dropLast() }
        return (isOK, number, opensBlock, Substring(rest))
    }

    /// `SKIP reason` or `TODO reason` (any case, `skipped` too); `.none` for any other comment.
    private static func directive(_ text: Substring) -> Directive {
        let words = text.drop { $0 == " " || $0 == "\t" }
        let word = words.prefix { !$0.isWhitespace }.lowercased()
        let reason = String(words.dropFirst(word.count).drop { $0 == " " || $0 == "\t" })
        if word.hasPrefix("skip") { return .skip(reason) }
        if word.hasPrefix("todo") { return .todo(reason) }
        return .none
    }
}
