/// A test to place on a shard, with its duration in the previous run when that run had it.
public struct ShardTest: Sendable, Hashable {
    /// The test, as `swift test` names it.
    public var specifier: TestSpecifier
    /// Seconds it took in the previous run; nil for a test that run did not have (a new test).
    public var duration: Double?

    /// Creates a test.
    public init(_ specifier: TestSpecifier, duration: Double?) {
        self.specifier = specifier
        self.duration = duration
    }

    /// Whether the previous run did not have the test (or not its duration).
    public var isNew: Bool { duration == nil }
}
