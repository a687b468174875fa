/// A problem a test recorded: a failed assertion, a thrown error, a crash, a known issue or a warning.
public struct IssueRecord: Sendable, Codable, Hashable {
    /// What kind of issue this is.
    public enum Kind: String, Sendable, Codable, Hashable, CaseIterable {
        /// A failed assertion or expectation (`XCTAssert...`, `#expect`).
        case assertion
        /// An error thrown out of the test body.
        case thrownError
        /// A time limit or an expectation wait that ran out.
        case timeout
        /// The process crashed.
        case crash
        /// A failure the test declared as known (`withKnownIssue`, `XCTExpectFailure`); it does not fail the test.
        case knownIssue
        /// A warning; it does not fail the test.
        case warning
        /// A skip, with its reason as the message.
        case skip
        /// A measurement worse than its baseline by more than allowed (XCTest's performance failure). Format 1.3;
        /// older readers see it as ``other``, which fails the test too.
        case performanceRegression
        /// Anything else, including kinds written by a newer format version.
        case other

        /// Decodes unknown raw values as ``other``.
        public init(from decoder: any Decoder) throws {
            let raw = try decoder.singleValueContainer().decode(String.self)
            self = Kind(rawValue: raw) ?? .other
        }

        /// Whether an issue of this kind makes its test fail.
        public var isFailure: Bool {
            switch self {
            case .assertion, .thrownError, .timeout, .crash, .performanceRegression, .other: true
            case .knownIssue, .warning, .skip: false
            }
        }
    }

    /// The kind of issue.
    public var kind: Kind
    /// The message, possibly several lines long.
    public var message: String
    /// Where the issue was recorded, when known.
    public var location: SourceLocation?
    /// Extra detail: expression values, an error's description, a backtrace.
    public var details: String?
    /// When the issue was recorded, when known.
    public var timestamp: Double?
    /// The producer's own name for the kind of problem (JUnit's `type` attribute, such as
    /// `java.lang.AssertionError`), when it gave one. Format 1.1.
    public var type: String?

    /// The details as shown to people: the producer's type on a first line (`type: X`), then ``details``.
    public var displayedDetails: String? {
        guard let type else { return details }
        return "type: \(type)" + (details.map { "\n" + $0 } ?? "")
    }

    /// Creates an issue.
    public init(
        kind: Kind,
        message: String,
        location: SourceLocation? = nil,
        details: String? = nil,
        timestamp: Double? = nil,
        type: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.location = location
        self.details = details
        self.timestamp = timestamp
        self.type = type
    }
}
