import Foundation
import Testing

@testable import TestSharding

/// The `swift test --filter` patterns match exactly a shard's tests, as SwiftPM (NSRegularExpression, for XCTest)
/// and swift-testing (Regex) apply them.
struct TestFilterPatternTests {
    /// Every ASCII punctuation character, in a name (swift-testing allows them in raw identifiers and arguments).
    static let punctuation = "!\"#$%&'()*+,-.:;<=>?@[\\]^_`{|}~"

    /// Specifiers as `swift test` sees them, including near misses of one another.
    static let all: [String] = [
        "Calc.CalcTests/testAdd", "Calc.CalcTests/testAddition", "Calc.CalcTestsX/testAdd", "XCalc.CalcTests/testAdd",
        "Calc.Suite/add()", "Calc.Suite/add(x:)", "Calc.Suite/Nested/add()", "Calc.top()",
        "Calc.Suite/weird \(punctuation) name()", "Calc.Suite/weird \(punctuation) name()X",
        "Calc.Suite/a.b", "Calc.Suite/aXb", "Calc.Suite/émoji 🚀()", "Calc.Suite/x|y", "Calc.Suite/x",
        "Calc.Suite/(.*)", "Calc.Suite/anything",
    ]

    /// How each test identifies itself to the filter: swift-testing adds its source location.
    static func identifier(_ specifier: String) -> String {
        specifier.hasSuffix(")") ? specifier + "/CalcTests.swift:12:5" : specifier
    }

    static func matchesWithFoundation(_ patterns: [String], _ identifier: String) throws -> Bool {
        try patterns.contains { pattern in
            let expression = try NSRegularExpression(pattern: pattern)
            let range = NSRange(identifier.startIndex..., in: identifier)
            return expression.firstMatch(in: identifier, range: range) != nil
        }
    }

    static func matchesWithRegex(_ patterns: [String], _ identifier: String) throws -> Bool {
        try patterns.contains { identifier.contains(try Regex($0)) }
    }

    @Test func escapesEveryMetacharacter() throws {
        let escaped = TestFilterPattern.escaped(Self.punctuation)
        let expression = try NSRegularExpression(pattern: "^" + escaped + "$")
        let text = Self.punctuation
        #expect(expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil)
        #expect(try Regex("^" + escaped + "$").wholeMatch(in: text) != nil)
        #expect(escaped.contains("\\.") && escaped.contains("\\|") && escaped.contains("\\\\"))
    }

    @Test(arguments: [
        ["Calc.CalcTests/testAdd"],
        ["Calc.Suite/add()", "Calc.Suite/weird \(punctuation) name()", "Calc.Suite/a.b"],
        ["Calc.Suite/x|y", "Calc.Suite/(.*)", "Calc.top()", "Calc.Suite/émoji 🚀()"],
        ["Calc.CalcTestsX/testAdd", "Calc.Suite/Nested/add()", "Calc.Suite/add(x:)"],
    ])
    func patternMatchesExactlyTheShardsTests(chosen: [String]) throws {
        let patterns = TestFilterPattern.patterns(for: chosen.map { TestSpecifier($0) })
        #expect(patterns.count == 1)
        for specifier in Self.all {
            let id = Self.identifier(specifier)
            let wanted = chosen.contains(specifier)
            #expect(try Self.matchesWithFoundation(patterns, id) == wanted, "NSRegularExpression, \(id)")
            #expect(try Self.matchesWithRegex(patterns, id) == wanted, "Regex, \(id)")
        }
    }

    @Test func aTestWithoutModuleMatchesItInAnyModule() throws {
        let patterns = TestFilterPattern.patterns(for: [TestSpecifier("CalcTests/testAdd", hasModule: false)])
        for (id, wanted) in [
            ("Calc.CalcTests/testAdd", true), ("Other.CalcTests/testAdd", true), ("Calc.CalcTests/testAddition", false),
            ("Calc.XCalcTests/testAdd", false),
        ] {
            #expect(try Self.matchesWithFoundation(patterns, id) == wanted, "\(id)")
            #expect(try Self.matchesWithRegex(patterns, id) == wanted, "\(id)")
        }
    }

    @Test func aLongShardIsSplitIntoPatternsWithinTheLimitThatTogetherMatchExactlyIt() throws {
        let chosen = (0..<3_000).map { TestSpecifier("Module.Suite\($0 % 40)/testNumber\($0)") }
        let others = (0..<200).map { "Module.Suite\($0 % 40)/testOther\($0)" }
        let patterns = TestFilterPattern.patterns(for: chosen, maximumBytes: 20_000)
        #expect(patterns.count > 1)
        #expect(patterns.allSatisfy { $0.utf8.count <= 20_000 })
        let expressions = try patterns.map { try NSRegularExpression(pattern: $0) }
        func matches(_ id: String) -> Bool {
            expressions.contains { $0.firstMatch(in: id, range: NSRange(id.startIndex..., in: id)) != nil }
        }
        #expect(chosen.allSatisfy { matches($0.text) })
        #expect(!others.contains { matches($0) })
        #expect(TestFilterPattern.patterns(for: chosen).count == 1)
        #expect(TestFilterPattern.patterns(for: []) == [])
    }
}
