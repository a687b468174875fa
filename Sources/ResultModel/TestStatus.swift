/// The outcome of a test, a test case or one attempt at running it.
///
/// Raw values are part of the bundle format (see `docs/FORMAT.md`); new cases may be added in a minor
/// format version, so readers map unknown strings to ``unknown``.
public enum TestStatus: String, Sendable, Codable, Hashable, CaseIterable {
    /// The test ran and recorded no issue.
    case passed
    /// The test recorded at least one failing issue (assertion, thrown error, timeout of an expectation).
    case failed
    /// The test did not run its body; the attempt's `statusReason` says why.
    case skipped
    /// The test failed in a way it declared it would (XCTExpectFailure, swift-testing known issue).
    case expectedFailure
    /// The test passed but recorded a warning.
    case warning
    /// The process running the test crashed while the test ran.
    case crashed
    /// The run ended (killed, input cut short) before the test finished.
    case interrupted
    /// The test exceeded its time limit.
    case timedOut
    /// A status written by a newer format version that this reader does not know.
    case unknown

    /// Decodes unknown raw values as ``unknown`` so newer minor versions stay readable.
    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        self = TestStatus(rawValue: raw) ?? .unknown
    }

    /// Whether this status counts as a failure in totals (failed, crashed, timed out, interrupted).
    public var isFailure: Bool {
        switch self {
        case .failed, .crashed, .timedOut, .interrupted: true
        default: false
        }
    }

    /// Whether this status counts as a pass in totals (passed, or passed with a warning).
    public var isPass: Bool { self == .passed || self == .warning }

    /// How bad a status is, used to combine the statuses of cases and attempts; higher is worse.
    public var severity: Int {
        switch self {
        case .skipped: 0
        case .passed: 1
        case .unknown: 2
        case .warning: 3
        case .expectedFailure: 4
        case .interrupted: 5
        case .timedOut: 6
        case .failed: 7
        case .crashed: 8
        }
    }
}
