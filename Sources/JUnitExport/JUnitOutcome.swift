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
            let failing = issues.filter { $0.kind.isFailure }
            self =
                !failing.isEmpty && failing.allSatisfy { $0.kind == .thrownError || $0.kind == .crash }
                ? .error : .failure
        }
    }
}
