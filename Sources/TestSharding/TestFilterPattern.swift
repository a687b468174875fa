/// The regular expressions `swift test --filter` takes to run exactly a set of tests.
///
/// `swift test --filter` matches its regular expression anywhere in each test's specifier: XCTest's
/// `Module.Class/testMethod` (SwiftPM, with `NSRegularExpression`) and swift-testing's
/// `Module.Suite/function()/File.swift:12:3` (swift-testing, with `Regex`, the source location included). So each
/// test's specifier is escaped, and the alternatives are anchored at the start and must end where a
/// component ends: `^(?:Module\.Class/testA|Module\.Suite/add\(\))(?:/|$)`. A specifier without a module
/// (XCTest recorded on Linux) accepts any module: `[^/.]+\.Class/testA`.
public enum TestFilterPattern {
    /// The longest pattern ``patterns(for:maximumBytes:)`` makes by default, in UTF-8 bytes: under Linux's limit of
    /// 128 KiB on one argument, which also bounds the list of tests SwiftPM then hands XCTest as one argument.
    public static let defaultMaximumBytes = 100_000

    /// The characters that mean something in a regular expression outside a bracket expression, in ICU
    /// (`NSRegularExpression`) and Swift's `Regex` alike.
    static let metacharacters: Set<Unicode.Scalar> = [
        "\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}",
    ]

    /// `text` with every regular-expression metacharacter preceded by a backslash, so it matches itself.
    ///
    /// A metacharacter followed by a combining mark (`(` + U+0301) is one `Character`: Swift's `Regex` (which
    /// swift-testing's filter uses) reads a backslash and then a whole `Character`, so `\(́` fails to compile and
    /// such a shard would run nothing. A text with one is quoted whole as `\Q…\E` instead, which both dialects read
    /// as a literal (a `\E` inside is closed, written as `\\E`, and reopened).
    public static func escaped(_ text: String) -> String {
        let metacharacterCombines = text.contains { character in
            character.unicodeScalars.count > 1 && character.unicodeScalars.first.map(metacharacters.contains) == true
        }
        if metacharacterCombines {
            return "\\Q" + text.replacingOccurrences(of: "\\E", with: "\\E\\\\E\\Q") + "\\E"
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if metacharacters.contains(scalar) { result.append("\\") }
            result.append(scalar)
        }
        return String(result)
    }

    /// One test's alternative, without the anchors.
    static func alternative(_ specifier: TestSpecifier) -> String {
        specifier.hasModule ? escaped(specifier.text) : "[^/.]+\\." + escaped(specifier.text)
    }

    static let prefix = "^(?:"
    static let suffix = ")(?:/|$)"

    /// The patterns that together match exactly `specifiers`: as few as fit, each at most `maximumBytes` long
    /// (a single test longer than that gets a pattern of its own). Empty for no tests.
    /// - Complexity: O(*n*) in the total length of the specifiers.
    public static func patterns(for specifiers: [TestSpecifier], maximumBytes: Int = defaultMaximumBytes) -> [String] {
        var patterns: [String] = []
        var current = ""
        let overhead = prefix.utf8.count + suffix.utf8.count
        for specifier in specifiers {
            let alternative = alternative(specifier)
            if !current.isEmpty, overhead + current.utf8.count + 1 + alternative.utf8.count > maximumBytes {
                patterns.append(prefix + current + suffix)
                current = ""
            }
            if !current.isEmpty { current += "|" }
            current += alternative
        }
        if !current.isEmpty { patterns.append(prefix + current + suffix) }
        return patterns
    }
}
