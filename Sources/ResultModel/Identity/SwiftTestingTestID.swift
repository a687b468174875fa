/// Turns swift-testing test ids (`CalcTests.CalcSuite/param(x:)/SwiftTests.swift:6:4`) into identities: the module
/// is the part of the first component before its first dot, the suites follow, the function name is last, and a
/// trailing source location is dropped. The one parser of these ids, for the event stream importer and for the
/// recorder (`Test.current`), so a recorded test's data finds the test `record` parsed.
package enum SwiftTestingTestID {
    /// The identity of the test `id` names; `name`, when given, replaces the function name found in `id`.
    package static func identity(id: String, name: String? = nil) -> TestIdentity {
        var components = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if let last = components.last, components.count > 1, isSourceLocation(last) { components.removeLast() }
        guard let first = components.first else { return TestIdentity(name: name ?? id) }
        var module: String?
        var path = components
        if let dot = first.firstIndex(of: ".") {
            module = String(first[..<dot])
            path[0] = String(first[first.index(after: dot)...])
        }
        let testName = path.last ?? id
        return TestIdentity(module: module, suites: Array(path.dropLast()), name: name ?? testName)
    }

    /// Whether `text` looks like `File.swift:12:3`, the last component of a test id (which a `--filter` pattern
    /// of the test leaves out).
    package static func isSourceLocation(_ text: some StringProtocol) -> Bool {
        let parts = text.split(separator: ":")
        return parts.count >= 3 && Int(parts[parts.count - 1]) != nil && Int(parts[parts.count - 2]) != nil
    }
}
