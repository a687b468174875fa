import Foundation

/// The two sides of a failed equality assertion, read from its message: XCTest's `XCTAssertEqual failed: ("a") is not
/// equal to ("b")`, swift-testing's `Expectation failed: (x → 1) == (y → 2)`, JUnit's `expected:<a> but was:<b>`,
/// pytest's `assert a == b` and jest's `Expected: a` and `Received: b` lines. Each side is named as its framework
/// names it (expected and actual where the framework says which is which, first and second or the expressions
/// where it does not).
struct EqualityComparison: Equatable {
    struct Side: Equatable {
        var label: String
        var value: String
    }

    var left: Side
    var right: Side

    /// The comparison `message` states, or `nil` when it states none (or states two equal values).
    init?(message: String) {
        guard message.utf8.count <= 64 << 10,
            let sides = Self.xcTest(message) ?? Self.junit(message) ?? Self.jest(message) ?? Self.swiftTesting(message)
                ?? Self.pytest(message),
            sides.left.value != sides.right.value
        else { return nil }
        (left, right) = sides
    }

    /// `XCTAssertEqual failed: ("a") is not equal to ("b")` (also XCTAssertEqualObjects and the accuracy form).
    private static func xcTest(_ message: String) -> (left: Side, right: Side)? {
        guard let start = message.range(of: "(\""), let middle = message.range(of: "\") is not equal to (\""),
            start.upperBound <= middle.lowerBound,
            let end = message.range(of: "\")", options: .backwards, range: middle.upperBound..<message.endIndex)
        else { return nil }
        return (
            Side(label: "First value", value: String(message[start.upperBound..<middle.lowerBound])),
            Side(label: "Second value", value: String(message[middle.upperBound..<end.lowerBound]))
        )
    }

    /// JUnit 4's `expected:<a> but was:<b>` and JUnit 5's `expected: <a> but was: <b>`.
    private static func junit(_ message: String) -> (left: Side, right: Side)? {
        let line = message.split(separator: "\n", omittingEmptySubsequences: true).first { $0.contains("but was:") }
        guard let line else { return nil }
        guard let expected = line.range(of: "expected:<") ?? line.range(of: "expected: <"),
            let but = line.range(of: "> but was:<") ?? line.range(of: "> but was: <"),
            expected.upperBound <= but.lowerBound, line.hasSuffix(">")
        else { return nil }
        return (
            Side(label: "Expected", value: String(line[expected.upperBound..<but.lowerBound])),
            Side(label: "Actual", value: String(line[but.upperBound..<line.index(before: line.endIndex)]))
        )
    }

    /// jest's `Expected: a` and `Received: b` lines (after `expect(received).toBe(expected)` and the like).
    private static func jest(_ message: String) -> (left: Side, right: Side)? {
        var expected: String?
        var received: String?
        for line in message.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if expected == nil, trimmed.hasPrefix("Expected: ") { expected = String(trimmed.dropFirst(10)) }
            if received == nil, trimmed.hasPrefix("Received: ") { received = String(trimmed.dropFirst(10)) }
        }
        guard let expected, let received else { return nil }
        return (Side(label: "Expected", value: expected), Side(label: "Received", value: received))
    }

    /// swift-testing's `Expectation failed: (x → 1) == (y → 2)`; a side without `→` is a literal.
    private static func swiftTesting(_ message: String) -> (left: Side, right: Side)? {
        guard let start = message.range(of: "Expectation failed: ") else { return nil }
        let expression = message[start.upperBound...].split(separator: "\n").first.map(String.init) ?? ""
        guard let split = topLevelEquality(expression) else { return nil }
        func side(_ text: Substring) -> Side {
            var text = text.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
            guard let arrow = text.range(of: " → ") else { return Side(label: "Literal", value: text) }
            return Side(label: String(text[..<arrow.lowerBound]), value: String(text[arrow.upperBound...]))
        }
        let (left, right) = (side(split.left), side(split.right))
        guard expression.contains("→") else { return nil }
        return (left, right)
    }

    /// pytest's `assert a == b` (the line `AssertionError: assert 1 == 2` or `E       assert 'a' == 'b'`).
    private static func pytest(_ message: String) -> (left: Side, right: Side)? {
        for line in message.split(separator: "\n") {
            guard let start = line.range(of: "assert ") else { continue }
            let expression = String(line[start.upperBound...])
            guard let split = topLevelEquality(expression) else { continue }
            return (
                Side(label: "Left", value: split.left.trimmingCharacters(in: .whitespaces)),
                Side(label: "Right", value: split.right.trimmingCharacters(in: .whitespaces))
            )
        }
        return nil
    }

    /// `expression` split at its one ` == ` outside brackets and quotes.
    private static func topLevelEquality(_ expression: String) -> (left: Substring, right: Substring)? {
        var depth = 0
        var quote: Character?
        var found: String.Index?
        var index = expression.startIndex
        while index < expression.endIndex {
            let character = expression[index]
            if let open = quote {
                if character == "\\" {
                    index = expression.index(after: index)
                } else if character == open {
                    quote = nil
                }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
            } else if depth == 0, expression[index...].hasPrefix(" == ") {
                guard found == nil else { return nil }
                found = index
            }
            if index < expression.endIndex { index = expression.index(after: index) }
        }
        guard let found else { return nil }
        return (expression[..<found], expression[expression.index(found, offsetBy: 4)...])
    }
}
