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

    init?(_ content: Substring) {
        var rest: Substring
        if content.hasPrefix("not ok") {
            isOK = false
            rest = content.dropFirst(6)
        } else {
            isOK = true
            rest = content.dropFirst(2)
        }
        // `okay` or `oktober` are not test points.
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" || rest.first == "#" else { return nil }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        number = digits.isEmpty ? nil : Int(digits)
        rest = rest.dropFirst(digits.count).drop { $0 == " " || $0 == "\t" }
        if rest.hasPrefix("- ") || rest == "-" { rest = rest.dropFirst().drop { $0 == " " } }
        opensBlock = rest.hasSuffix(" {") || rest == "{"
        if opensBlock { rest = rest.dropLast().drop { $0 == " " } }
        while rest.last == " " { rest = rest.dropLast() }
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
