import ResultModel

/// Turns the test names XCTest prints into identities: `Class.testX` (Linux), `-[Module.Class testX]` (Xcode),
/// `Class.testX()` (Xcode parallel testing), and `Module.Class/testX`.
enum XCTestTestName {
    /// The identity for a printed name.
    static func identity(_ printed: String) -> TestIdentity {
        if printed.hasPrefix("-["), printed.hasSuffix("]") {
            let inner = printed.dropFirst(2).dropLast()
            let parts = inner.split(separator: " ", maxSplits: 1)
            let test = parts.count > 1 ? String(parts[1]) : ""
            return classIdentity(String(parts.first ?? ""), test: test)
        }
        guard let dot = printed.lastIndex(of: ".") else { return TestIdentity(name: stripCall(printed)) }
        return TestIdentity(
            suites: [String(printed[..<dot])],
            name: stripCall(String(printed[printed.index(after: dot)...]))
        )
    }

    /// `Module.Class` with a test name: the module is the part before the first dot, when there is one.
    private static func classIdentity(_ qualified: String, test: String) -> TestIdentity {
        let name = stripCall(test)
        guard let dot = qualified.firstIndex(of: ".") else { return TestIdentity(suites: [qualified], name: name) }
        return TestIdentity(
            module: String(qualified[..<dot]),
            suites: [String(qualified[qualified.index(after: dot)...])],
            name: name
        )
    }

    /// `testX()` → `testX`.
    private static func stripCall(_ name: String) -> String {
        name.hasSuffix("()") ? String(name.dropLast(2)) : name
    }

    /// The identity for `Module.Class/test`, as `swift test --parallel` lists tests.
    static func identity(listed: String) -> TestIdentity {
        guard let slash = listed.lastIndex(of: "/") else { return identity(listed) }
        return classIdentity(String(listed[..<slash]), test: String(listed[listed.index(after: slash)...]))
    }

    /// A key that matches the same test whether or not its module was printed.
    static func matchKey(_ identity: TestIdentity) -> String {
        (identity.suites + [identity.name]).joined(separator: "/")
    }
}
