/// A test function or method and everything recorded about it: attempts, parameterized cases, issues, steps,
/// attachments, measurements and output.
public struct TestRecord: Sendable, Codable, Hashable {
    /// Which run of the bundle the test belongs to (0-based, in the order runs were written).
    public var runIndex: Int
    /// Module, suites and name.
    public var identity: TestIdentity
    /// A human name given by the test (`@Test("fails nicely")`), when different from the name.
    public var displayName: String?
    /// Where the test is declared, when known.
    public var location: SourceLocation?
    /// Tags or categories, when the runner has them.
    public var tags: [String]
    /// The final status, combining attempts and cases (see ``TestRecord/combinedStatus``).
    public var status: TestStatus
    /// The test's own attempts (retries, repetitions); for a parameterized test, its overall run.
    public var attempts: [TestAttempt]
    /// The cases of a parameterized test, empty otherwise.
    public var cases: [TestCaseRecord]
    /// Name-value pairs the producer attached to the test (a JUnit `<testcase>`'s `<properties>`, such as a
    /// retry's `repetition`), in their order, duplicates kept. Format 1.1.
    public var properties: [NameValue]

    /// Creates a test record; `status` defaults to what the attempts and cases say.
    public init(
        runIndex: Int = 0,
        identity: TestIdentity,
        displayName: String? = nil,
        location: SourceLocation? = nil,
        tags: [String] = [],
        status: TestStatus? = nil,
        attempts: [TestAttempt],
        cases: [TestCaseRecord] = [],
        properties: [NameValue] = []
    ) {
        self.runIndex = runIndex
        self.identity = identity
        self.displayName = displayName
        self.location = location
        self.tags = tags
        self.attempts = attempts
        self.cases = cases
        self.properties = properties
        self.status = .passed
        self.status = status ?? combinedStatus
    }

    /// The id of the test (``TestIdentity/id``).
    public var id: String { identity.id }

    /// The final attempt, when there is one.
    public var finalAttempt: TestAttempt? { attempts.last }

    /// The duration of the final attempt, or the sum of the cases' final attempts.
    public var duration: Double? {
        if let duration = attempts.last?.duration { return duration }
        let caseDurations = cases.compactMap { $0.attempts.last?.duration }
        return caseDurations.isEmpty ? nil : caseDurations.reduce(0, +)
    }

    /// Whether the test failed in an earlier attempt and passed in the last one.
    public var isFlaky: Bool {
        guard attempts.count > 1, let last = attempts.last else { return false }
        return last.status.isPass && attempts.dropLast().contains { $0.status.isFailure }
    }

    /// The status the attempts and cases imply: the final attempt's status, made worse by any failing case.
    /// A test whose cases were all skipped is skipped.
    public var combinedStatus: TestStatus {
        // Read in place: `attempts.last?.status` would copy the whole attempt (a dozen counted references) first,
        // and every decoded test computes this.
        let own = attempts.indices.last.map { attempts[$0].status }
        guard !cases.isEmpty else { return own ?? .interrupted }
        let caseStatuses = cases.map(\.status)
        let worstCase = caseStatuses.max { $0.severity < $1.severity } ?? .passed
        guard let own else { return worstCase }
        if own == .skipped && worstCase != .skipped { return worstCase }
        return own.severity >= worstCase.severity ? own : worstCase
    }
}
