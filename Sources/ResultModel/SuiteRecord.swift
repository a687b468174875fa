/// A suite (XCTest class, swift-testing `@Suite`, JUnit `testsuite`) with what it recorded itself.
///
/// Tests do not need a suite record: the tree is built from test identities. A suite record adds timing,
/// output and properties the suite itself had.
public struct SuiteRecord: Sendable, Codable, Hashable {
    /// Which run of the bundle the suite belongs to.
    public var runIndex: Int
    /// The module, when known.
    public var module: String?
    /// The suite path, outermost first; the last element is this suite's name.
    public var path: [String]
    /// When it started, in seconds since 1970.
    public var start: Double?
    /// How long it took, in seconds.
    public var duration: Double?
    /// The status the runner reported for the suite, when it did.
    public var status: TestStatus?
    /// Issues recorded outside any test (a failing `setUp` of the class, a suite-level error).
    public var issues: [IssueRecord]
    /// Output printed by the suite outside any test.
    public var output: CapturedOutput?
    /// Name-value properties (JUnit `properties`).
    public var properties: [NameValue]
    /// The host the suite ran on, when the source says (JUnit `hostname`).
    public var hostname: String?

    /// Creates a suite record.
    public init(
        runIndex: Int = 0,
        module: String? = nil,
        path: [String],
        start: Double? = nil,
        duration: Double? = nil,
        status: TestStatus? = nil,
        issues: [IssueRecord] = [],
        output: CapturedOutput? = nil,
        properties: [NameValue] = [],
        hostname: String? = nil
    ) {
        self.runIndex = runIndex
        self.module = module
        self.path = path
        self.start = start
        self.duration = duration
        self.status = status
        self.issues = issues
        self.output = output
        self.properties = properties
        self.hostname = hostname
    }

    /// `Module/Suite/Nested`, matching the prefix of the ids of its tests.
    public var id: String { ((module.map { [$0] } ?? []) + path).joined(separator: "/") }
}

/// A name and a value, kept in order (properties, environment tags).
public struct NameValue: Sendable, Codable, Hashable {
    /// The name.
    public var name: String
    /// The value.
    public var value: String

    /// Creates a pair.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
