/// One line of swift-testing console output (Swift 6.0 to 6.3), classified after ANSI colors are removed.
///
/// Each line starts with a symbol: `◇`/`􀟈` started, `✔`/`􁁛` passed, `✘`/`􀢄` failed, `➜`/`􀙟` skipped,
/// `━` known issue, `⚠︎` warning, `⎙` attachment, `↳`/`􀄵` details. The symbol is not trusted alone: the words
/// after it decide what the line is.
enum SwiftTestingLine {
    case runStarted
    case runEnded(tests: Int, suites: Int?, issues: Int?, wallClock: Double?)
    case suiteStarted(name: String)
    case suiteEnded(name: String, passed: Bool, duration: Double?)
    case testStarted(name: String)
    case caseStarted(arguments: String, test: String)
    case testEnded(name: String, outcome: Outcome, duration: Double?, caseCount: Int?)
    case testSkipped(name: String, reason: String?)
    case issue(
        test: String, kind: IssueKindWord, arguments: String?, file: String?, line: Int?, column: Int?, message: String)
    case attached(name: String, test: String)
    case detail(String)

    enum Outcome { case passed, failed, passedWithKnownIssues, passedWithWarnings }
    enum IssueKindWord { case issue, knownIssue, warning }
}

/// Recognises swift-testing console lines.
enum SwiftTestingLineClassifier {
    private static let symbols: Set<Unicode.Scalar> = [
        "\u{25C7}", "\u{1007C8}", "\u{2714}", "\u{10105B}", "\u{2718}", "\u{100884}", "\u{279C}", "\u{10065F}",
        "\u{2501}", "\u{26A0}", "\u{2399}", "\u{21B3}", "\u{100135}", "\u{1002FE}", "\u{10014C}",
    ]

    /// Invisible formatting characters Xcode's logs put before a result symbol (a zero-width space after
    /// parameterized tests): zero-width space, non-joiner and joiner, word joiner, byte-order mark.
    private static let invisible: Set<Unicode.Scalar> = ["\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}"]

    /// `text` without the invisible characters before its first visible one.
    private static func visible(_ text: String) -> Substring.UnicodeScalarView {
        Substring(text).unicodeScalars.drop { invisible.contains($0) }
    }

    /// Whether the line starts with one of swift-testing's symbols (after invisible formatting characters).
    static func startsWithSymbol(_ text: String) -> Bool {
        guard let first = visible(text).first else { return false }
        return symbols.contains(first)
    }

    /// The classification of `text` (a line without ANSI sequences), or `nil` when it is not swift-testing's.
    static func classify(_ text: String) -> SwiftTestingLine? {
        let scalars = visible(text)
        guard let first = scalars.first, symbols.contains(first) else { return nil }
        var body = Substring(scalars.dropFirst())
        while let scalar = body.unicodeScalars.first, scalar == " " || scalar == "\u{FE0E}" || scalar == "\u{FE0F}" {
            body = Substring(Substring.UnicodeScalarView(body.unicodeScalars.dropFirst()))
        }
        if first == "\u{21B3}" || first == "\u{100135}" { return .detail(String(body)) }
        if body.hasPrefix("Test run started") { return .runStarted }
        if body.hasPrefix("Test run with ") { return runEnded(body.dropFirst(14)) }
        if body.hasPrefix("Suite ") { return suite(body.dropFirst(6)) }
        if body.hasPrefix("Test case passing ") { return caseStarted(body.dropFirst(18)) }
        if body.hasPrefix("Passing ") { return caseStarted(body.dropFirst(8)) }
        if body.hasPrefix("Attached '") { return attached(body.dropFirst(10)) }
        if body.hasPrefix("Test ") { return test(body.dropFirst(5)) }
        return nil
    }

    /// Splits `"display name" rest` or `name() rest` into the name and the rest.
    private static func splitName(_ text: Substring) -> (String, Substring)? {
        if text.hasPrefix("\"") {
            guard let close = text.dropFirst().range(of: "\" ") else {
                return text.hasSuffix("\"") ? (String(text.dropFirst().dropLast()), "") : nil
            }
            return (String(text[text.index(after: text.startIndex)..<close.lowerBound]), text[close.upperBound...])
        }
        guard let space = text.firstIndex(of: " ") else { return (String(text.trimmingDot), "") }
        return (String(text[..<space]), text[text.index(after: space)...])
    }

    private static func test(_ text: Substring) -> SwiftTestingLine? {
        guard let (name, rest) = splitName(text) else { return nil }
        if rest.hasPrefix("started") { return .testStarted(name: name) }
        if rest.hasPrefix("skipped") {
            var reason: String?
            if let colon = rest.range(of: ": \"") {
                var value = rest[colon.upperBound...]
                if value.hasSuffix("\"") { value = value.dropLast() }
                reason = String(value)
            }
            return .testSkipped(name: name, reason: reason)
        }
        if rest.hasPrefix("recorded ") { return issue(name, rest.dropFirst(9)) }
        var caseCount: Int?
        var tail = rest
        if tail.hasPrefix("with "), let cases = tail.range(of: " test case") {
            caseCount = Int(tail[tail.index(tail.startIndex, offsetBy: 5)..<cases.lowerBound])
            if let space = tail[cases.upperBound...].firstIndex(of: " ") {
                tail = tail[tail.index(after: space)...]
            }
        }
        let duration = seconds(after: "after ", in: tail)
        if tail.hasPrefix("passed") {
            var outcome = SwiftTestingLine.Outcome.passed
            if tail.contains("known issue") { outcome = .passedWithKnownIssues }
            if tail.contains("warning") && outcome == .passed { outcome = .passedWithWarnings }
            return .testEnded(name: name, outcome: outcome, duration: duration, caseCount: caseCount)
        }
        if tail.hasPrefix("failed") {
            return .testEnded(name: name, outcome: .failed, duration: duration, caseCount: caseCount)
        }
        return nil
    }

    private static func issue(_ test: String, _ text: Substring) -> SwiftTestingLine? {
        let kind: SwiftTestingLine.IssueKindWord
        var rest: Substring
        if text.hasPrefix("an issue") {
            kind = .issue
            rest = text.dropFirst(8)
        } else if text.hasPrefix("a known issue") {
            kind = .knownIssue
            rest = text.dropFirst(13)
        } else if text.hasPrefix("a warning") {
            kind = .warning
            rest = text.dropFirst(9)
        } else {
            return nil
        }
        var arguments: String?
        if rest.hasPrefix(" with "), let at = rest.range(of: " at ") ?? rest.range(of: ": ") {
            let described = rest[rest.index(rest.startIndex, offsetBy: 6)..<at.lowerBound]
            if let argumentStart = described.range(of: "argument") {
                var value = described[argumentStart.upperBound...]
                if value.hasPrefix("s") { value = value.dropFirst() }
                if value.hasPrefix("(s)") { value = value.dropFirst(3) }
                arguments = value.trimmingSpaces
            }
            rest = rest[at.lowerBound...]
        }
        guard rest.hasPrefix(" at ") else {
            let message = rest.hasPrefix(": ") ? String(rest.dropFirst(2)) : String(rest)
            return .issue(
                test: test, kind: kind, arguments: arguments, file: nil, line: nil, column: nil, message: message)
        }
        let located = rest.dropFirst(4)
        guard let end = located.range(of: ": ") else {
            return .issue(
                test: test, kind: kind, arguments: arguments, file: nil, line: nil, column: nil,
                message: String(located))
        }
        let place = located[..<end.lowerBound].split(separator: ":")
        let message = String(located[end.upperBound...])
        var file: String?
        var line: Int?
        var column: Int?
        if place.count >= 3, let parsedLine = Int(place[place.count - 2]),
            let parsedColumn = Int(place[place.count - 1])
        {
            file = place.dropLast(2).joined(separator: ":")
            line = parsedLine
            column = parsedColumn
        } else if place.count >= 2, let parsedLine = Int(place[place.count - 1]) {
            file = place.dropLast().joined(separator: ":")
            line = parsedLine
        }
        return .issue(
            test: test, kind: kind, arguments: arguments, file: file, line: line, column: column, message: message)
    }

    private static func suite(_ text: Substring) -> SwiftTestingLine? {
        guard let (name, rest) = splitName(text) else { return nil }
        if rest.hasPrefix("started") { return .suiteStarted(name: name) }
        if rest.hasPrefix("passed") {
            return .suiteEnded(name: name, passed: true, duration: seconds(after: "after ", in: rest))
        }
        if rest.hasPrefix("failed") {
            return .suiteEnded(name: name, passed: false, duration: seconds(after: "after ", in: rest))
        }
        return nil
    }

    private static func caseStarted(_ text: Substring) -> SwiftTestingLine? {
        guard text.range(of: " to ") != nil else { return nil }
        return .caseStarted(arguments: String(text), test: "")
    }

    /// Splits `1 argument x → 1 to param(x:) started.` into arguments and test name. Display names and
    /// arguments may themselves contain " to ", so the split whose test name is running wins.
    static func splitCase(_ text: String, isRunning: (String) -> Bool) -> (arguments: String, test: String) {
        var candidates: [(String, String)] = []
        var searchEnd = text.endIndex
        while let to = text.range(of: " to ", options: .backwards, range: text.startIndex..<searchEnd) {
            var described = Substring(text[..<to.lowerBound])
            if let argumentStart = described.range(of: "argument") {
                described = described[argumentStart.upperBound...]
                if described.hasPrefix("s") { described = described.dropFirst() }
            }
            var test = text[to.upperBound...]
            if test.hasSuffix(" started.") { test = test.dropLast(9) }
            if test.hasPrefix("\"") && test.hasSuffix("\"") && test.count >= 2 { test = test.dropFirst().dropLast() }
            candidates.append((described.trimmingSpaces, String(test)))
            searchEnd = to.lowerBound
        }
        return candidates.first { isRunning($0.1) } ?? candidates.first ?? (text, "")
    }

    private static func attached(_ text: Substring) -> SwiftTestingLine? {
        guard let close = text.range(of: "' to ") else { return nil }
        var test = text[close.upperBound...]
        if test.hasSuffix(".") { test = test.dropLast() }
        if test.hasPrefix("\"") && test.hasSuffix("\"") { test = test.dropFirst().dropLast() }
        return .attached(name: String(text[..<close.lowerBound]), test: String(test))
    }

    private static func runEnded(_ text: Substring) -> SwiftTestingLine? {
        let words = text.split(separator: " ")
        guard let tests = words.first.flatMap({ Int($0) }) else { return nil }
        var suites: Int?
        if let inIndex = words.firstIndex(of: "in"), inIndex + 1 < words.count { suites = Int(words[inIndex + 1]) }
        var issues: Int?
        if let withIndex = words.lastIndex(of: "with"), withIndex + 1 < words.count {
            issues = Int(words[withIndex + 1])
        }
        return .runEnded(tests: tests, suites: suites, issues: issues, wallClock: seconds(after: "after ", in: text))
    }

    private static func seconds(after marker: String, in text: Substring) -> Double? {
        guard let range = text.range(of: marker) else { return nil }
        let number = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        return Double(number)
    }
}

extension Substring {
    /// The text without a final period.
    var trimmingDot: Substring { hasSuffix(".") ? dropLast() : self }
}
