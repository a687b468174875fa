import ResultModel

/// A Go test's identity: the package is the module, each parent test a suite and the last part of the name the
/// test (`TestTable/negative` in `example.com/calc` is `example.com/calc/TestTable/negative`), so the same test
/// has the same id in every run, whatever order parallel tests finish in.
enum GoTestName {
    static func identity(package: String, test: String) -> TestIdentity {
        // An ASCII name splits at its `/` bytes, as by Character but without the walk by Character.
        let parts =
            test.utf8.allSatisfy { $0 < 0x80 }
            ? test.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { String($0)! }
            : test.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        return TestIdentity(
            module: package.isEmpty ? nil : package, suites: Array(parts.dropLast()), name: parts.last ?? test)
    }

    /// The test `name` runs inside (`TestTable` for `TestTable/negative`), or `nil` for a top-level test.
    static func parent(of name: String) -> String? {
        // An ASCII name is searched as bytes: the same `/`, without the walk by Character.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            guard let slash = name.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
            return String(name[..<slash])
        }
        guard let slash = name.lastIndex(of: "/") else { return nil }
        return String(name[..<slash])
    }

    /// Whether `line` is test2json's framing (`=== RUN`, `--- PASS: …`) rather than what the test printed.
    static func isFraming(_ line: Substring) -> Bool {
        // Matched as bytes first: a prefix followed by an ASCII byte (or nothing) is a prefix by Character too, and
        // no line starts with a prefix's bytes unless it does. Only a non-ASCII byte after one needs Characters.
        let bytes = line.utf8.drop { $0 == UInt8(ascii: " ") }
        for prefix in framingPrefixes where bytes.starts(with: prefix.utf8) {
            guard let next = bytes.dropFirst(prefix.utf8.count).first, next >= 0x80 else { return true }
            return isFramingByCharacter(line)
        }
        return false
    }

    /// Whether the `Output` value is framing (as ``isFraming(_:)`` says of its text without its line break), told
    /// from the bytes the line writes it in; `false` also when only its decoded text could tell.
    static func isFraming(plainOutput value: JSONLineValue) -> Bool {
        let raw: UnsafeBufferPointer<UInt8>
        switch value {
        case .plainString(let bytes): raw = bytes
        case .token(let bytes) where bytes.first == UInt8(ascii: "\""):
            raw = UnsafeBufferPointer(rebasing: bytes.dropFirst())
        default: return false
        }
        // Up to the first escape the bytes are the text's own; an escape or a non-ASCII byte right after a prefix
        // needs the text.
        let bytes = raw.drop { $0 == UInt8(ascii: " ") }
        for prefix in framingPrefixes where bytes.starts(with: prefix.utf8) {
            guard let next = bytes.dropFirst(prefix.utf8.count).first else { return true }
            return next < 0x80 && next != UInt8(ascii: "\\")
        }
        return false
    }

    private static let framingPrefixes = [
        "=== RUN", "=== PAUSE", "=== CONT", "=== NAME", "--- PASS: ", "--- FAIL: ", "--- SKIP: ",
    ]

    private static func isFramingByCharacter(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " }
        return trimmed.hasPrefix("=== RUN") || trimmed.hasPrefix("=== PAUSE") || trimmed.hasPrefix("=== CONT")
            || trimmed.hasPrefix("=== NAME") || trimmed.hasPrefix("--- PASS: ") || trimmed.hasPrefix("--- FAIL: ")
            || trimmed.hasPrefix("--- SKIP: ")
    }
}
