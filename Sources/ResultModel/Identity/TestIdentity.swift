/// Where a test sits in the tree: module (target), nested suites, and the test's own name.
///
/// The identity is stable across reruns: it is built from names, never from positions, so reports can use it
/// for permalinks.
public struct TestIdentity: Sendable, Codable, Hashable, Comparable {
    /// The module or target (`CalcTests`), when known.
    public var module: String?
    /// The suites from outermost to innermost (`["CalcXCTests"]`); may be empty.
    public var suites: [String]
    /// The test's name as the runner identifies it (`testAdd`, `param(x:)`).
    public var name: String

    /// Creates an identity.
    public init(module: String? = nil, suites: [String] = [], name: String) {
        self.module = module
        self.suites = suites
        self.name = name
    }

    /// `Module/Suite/Nested/name`, the string form used as a test's id (components are joined by `/`;
    /// a missing module is left out).
    public var id: String {
        ((module.map { [$0] } ?? []) + suites + [name]).joined(separator: "/")
    }

    /// Orders by id.
    public static func < (lhs: TestIdentity, rhs: TestIdentity) -> Bool { lhs.id < rhs.id }
}

extension TestIdentity {
    /// `Suite/Nested/name`: the id without the module, which matches a test whether or not its module was printed
    /// (XCTest's console prints it only under `swift test --parallel`). The key of the recorder's journals, which the
    /// `record` command joins with the tests it parses, and of the console importer's parallel-run bookkeeping.
    public var moduleLessKey: String {
        (suites + [name]).joined(separator: "/")
    }
}
