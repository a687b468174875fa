import ResultModel

/// A test as `swift test` names it: `Module.Suite/test` (XCTest: `Module.Class/testMethod`; swift-testing:
/// `Module.Suite/Nested/function(label:)`), the form `swift test list` prints and `swift test --filter` matches.
///
/// A bundle names the same test `Module/Suite/test`. Tests recorded from XCTest's console output on Linux have no
/// module (`Class/testMethod`, as XCTest prints them); their specifier keeps no module either (``hasModule`` is
/// false) and their filter accepts any module.
public struct TestSpecifier: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `Module.Suite/test`, or `Suite/test` when the module is unknown.
    public let text: String
    /// Whether ``text`` starts with the module.
    public let hasModule: Bool

    /// Creates a specifier from its text, as `swift test list` prints it.
    public init(_ text: String, hasModule: Bool = true) {
        self.text = text
        self.hasModule = hasModule
    }

    /// The specifier on one line of `swift test list`'s output (`Module.Suite/test`, possibly followed by
    /// `/File.swift:12:3` when swift-testing disambiguates overloads), or nil for any other line (build progress,
    /// blank lines).
    public init?(listedLine line: Substring) {
        var text = line
        while let last = text.last, last.isWhitespace { text.removeLast() }
        // `Module.Suite/...`, or `Module.function()` for a swift-testing function outside any suite.
        let slash = text.firstIndex(of: "/")
        guard let dot = text[..<(slash ?? text.endIndex)].firstIndex(of: "."), Self.isIdentifier(text[..<dot]),
            text.index(after: dot) < (slash ?? text.endIndex), slash != nil || text.hasSuffix(")")
        else { return nil }
        var components = text.split(separator: "/", omittingEmptySubsequences: false)
        if components.count > 2, let last = components.last, SwiftTestingTestID.isSourceLocation(last) {
            components.removeLast()
        }
        self.init(components.joined(separator: "/"))
    }

    /// The specifiers among the lines of `swift test list`'s output, in order.
    /// - Complexity: O(*n*) in the length of `output`.
    public static func listed(in output: String) -> [TestSpecifier] {
        output.split(whereSeparator: \.isNewline).compactMap { TestSpecifier(listedLine: $0) }
    }

    /// The specifier of a test a bundle names `id` (`Module/Suite/test`). A bundle's id does not say whether its
    /// first component is a module: it is one when the test is a swift-testing function (its name ends with `)`)
    /// or the id has three components or more; an id of two components naming an XCTest method (`Class/testMethod`,
    /// recorded from XCTest's console on Linux) has none.
    public init(bundleID id: String) {
        let components = id.split(separator: "/", omittingEmptySubsequences: false)
        guard components.count >= 2, components.count >= 3 || id.hasSuffix(")") else {
            self.init(id, hasModule: false)
            return
        }
        self.init(String(components[0]) + "." + components.dropFirst().joined(separator: "/"))
    }

    /// The ids a bundle may give this test: `Module/Suite/test`, then `Suite/test` (XCTest recorded on Linux, whose
    /// console output does not name the module).
    public var bundleIDs: [String] {
        guard hasModule, let slash = text.firstIndex(of: "/"), let dot = text[..<slash].firstIndex(of: ".") else {
            return [text]
        }
        let rest = text[text.index(after: dot)...]
        return [String(text[..<dot]) + "/" + rest, String(rest)]
    }

    public var description: String { text }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.text < rhs.text }

    private static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.first, first == "_" || first.isLetter else { return false }
        return text.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }
}
