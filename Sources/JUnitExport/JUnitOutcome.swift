import ResultModel

/// What a test becomes in JUnit terms.
enum JUnitOutcome: Sendable {
    case passed
    case failure
    case error
    case skipped

    init(_ test: borrowing TestRecord) {
        switch test.status {
        case .passed, .warning, .expectedFailure, .unknown: self = .passed
        case .skipped: self = .skipped
        case .crashed: self = .error
        case .failed, .timedOut, .interrupted:
            let issues = (test.finalAttempt?.allIssues ?? []) + test.cases.flatMap { $0.attempts.last?.allIssues ?? [] }
            // An error beats a failure, as when JUnit XML is read: a test that threw (or crashed) is an error even
            // after a failed assertion.
            self = issues.contains { $0.kind.isError } ? .error : .failure
        }
    }
}

extension IssueRecord.Kind {
    /// Whether JUnit calls an issue of this kind an error (an unexpected exception) rather than a failure.
    var isError: Bool { self == .thrownError || self == .crash }
}
