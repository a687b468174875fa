import Foundation
import Testing

@testable import TestSharding

/// Names where a metacharacter and a combining mark make one `Character`: the filter still compiles and matches
/// exactly its tests.
struct CombiningMarkFilterTests {
    static let names = [
        "Calc.Suite/f(\u{301}x)", "Calc.Suite/a.\u{301}b", "Calc.Suite/aX\u{301}b", "Calc.Suite/g[\u{308}]",
        "Calc.Suite/h|\u{301}i", "Calc.Suite/h", "Calc.Suite/back\\E(\u{301})",
    ]

    @Test(arguments: names)
    func aMetacharacterBeforeACombiningMarkIsEscaped(chosen: String) throws {
        let patterns = TestFilterPattern.patterns(for: [TestSpecifier(chosen)])
        for pattern in patterns {
            _ = try NSRegularExpression(pattern: pattern)
            _ = try Regex(pattern)
        }
        for name in Self.names {
            #expect(try TestFilterPatternTests.matchesWithFoundation(patterns, name) == (name == chosen), "\(name)")
            #expect(try TestFilterPatternTests.matchesWithRegex(patterns, name) == (name == chosen), "Regex, \(name)")
        }
    }
}
