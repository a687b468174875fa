import ResultModel

/// The key that matches a test's recorded data with the test as `record` parses it: the suites and the name,
/// without the module (XCTest's console does not print it).
public struct RecordedTestKey: Hashable, Sendable, CustomStringConvertible {
    /// `Suite/Nested/name`.
    public let description: String

    /// The key of an identity.
    public init(_ identity: TestIdentity) {
        description = (identity.suites + [identity.name]).joined(separator: "/")
    }

    /// The identity of an XCTest test from `XCTestCase.name` (`Class.testMethod` on Linux,
    /// `-[Module.Class testMethod]` on Apple platforms).
    public static func xctestIdentity(name: String) -> TestIdentity {
        if name.hasPrefix("-["), name.hasSuffix("]") {
            let parts = name.dropFirst(2).dropLast().split(separator: " ", maxSplits: 1).map(String.init)
            let qualified = parts.first ?? ""
            let test = parts.count > 1 ? parts[1] : ""
            if let dot = qualified.firstIndex(of: ".") {
                return TestIdentity(
                    module: String(qualified[..<dot]), suites: [String(qualified[qualified.index(after: dot)...])],
                    name: test)
            }
            return TestIdentity(suites: [qualified], name: test)
        }
        guard let dot = name.lastIndex(of: ".") else { return TestIdentity(name: name) }
        return TestIdentity(suites: [String(name[..<dot])], name: String(name[name.index(after: dot)...]))
    }

    /// The identity of a swift-testing test from its id (`Module.Suite/function()/File.swift:12:3`).
    public static func swiftTestingIdentity(id: String) -> TestIdentity {
        var components = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if let last = components.last, components.count > 1 {
            let parts = last.split(separator: ":")
            if parts.count >= 3, Int(parts[parts.count - 1]) != nil, Int(parts[parts.count - 2]) != nil {
                components.removeLast()
            }
        }
        guard var first = components.first else { return TestIdentity(name: id) }
        var module: String?
        if let dot = first.firstIndex(of: ".") {
            module = String(first[..<dot])
            first = String(first[first.index(after: dot)...])
        }
        components[0] = first
        return TestIdentity(module: module, suites: Array(components.dropLast()), name: components.last ?? id)
    }
}
