/// One case of a parameterized test: the arguments it ran with and its attempts.
public struct TestCaseRecord: Sendable, Codable, Hashable {
    /// The arguments as the runner displayed them (`x → 1`).
    public var arguments: String
    /// A stable identifier of the case from the runner, when it gave one.
    public var caseID: String?
    /// The attempts; the last is the final result.
    public var attempts: [TestAttempt]

    /// Creates a case.
    public init(arguments: String, caseID: String? = nil, attempts: [TestAttempt]) {
        self.arguments = arguments
        self.caseID = caseID
        self.attempts = attempts
    }

    /// The status of the final attempt (``TestStatus/interrupted`` when there is none).
    public var status: TestStatus { attempts.last?.status ?? .interrupted }
}
