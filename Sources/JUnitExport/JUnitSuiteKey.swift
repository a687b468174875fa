import ResultModel

/// How tests map to JUnit names: `classname` is the module and suites joined by dots (`CalcTests.CalcSuite`,
/// or just the suite when the module is unknown), `name` is the test's own name, and tests of one run with the
/// same classname form one `<testsuite>` named after it.
enum JUnitNames {
    static func className(_ identity: TestIdentity) -> String {
        switch (identity.module, identity.suites.count) {
        case (nil, 1): return identity.suites[0]
        case (let module?, 1): return module + "." + identity.suites[0]
        case (let module?, 0): return module
        default: return ((identity.module.map { [$0] } ?? []) + identity.suites).joined(separator: ".")
        }
    }

    static func suiteKey(_ test: TestRecord) -> String {
        "\(test.runIndex)\u{1}\(className(test.identity))"
    }
}

/// Counts of one `<testsuite>`: a run of consecutive tests with the same suite key. A suite whose tests are not
/// consecutive in the bundle becomes several `<testsuite>` elements, each with exact counts.
struct SuiteSegment {
    var key: String
    var runIndex: Int
    var name: String
    var tests = 0
    var failures = 0
    var errors = 0
    var skipped = 0
    var flakes = 0
    var time: Double = 0
    var firstStart: Double?
}

/// What a test becomes in JUnit terms.
enum JUnitOutcome {
    case passed
    case failure
    case error
    case skipped

    init(_ test: TestRecord) {
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
