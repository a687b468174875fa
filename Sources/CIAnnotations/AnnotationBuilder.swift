import ResultModel
import ResultSupport

/// Decides which tests get an annotation and what it says: a failed test gets an error at its first failing issue,
/// with every distinct failing issue and its details in the message (a warning when every failing issue is a
/// performance regression), a test that passed on retry gets a warning at
/// the issue that failed it before, and every other test gets none. One annotation per test, so caps and counts
/// speak of tests.
public struct AnnotationBuilder: Sendable {
    /// Creates a builder.
    public init() {}

    /// The annotation for `test`, with its paths resolved by `paths` against the run's `workingDirectory`;
    /// `nil` when the test needs none.
    package func annotation(
        for test: TestRecord, paths: SourcePaths, workingDirectory: String? = nil
    ) -> Annotation? {
        let name = Self.displayName(test.identity)
        if test.status.isFailure {
            let failing = test.distinctIssues.filter(\.kind.isFailure)
            let regressionsOnly = !failing.isEmpty && failing.allSatisfy { $0.kind == .performanceRegression }
            let issue = failing.first { $0.kind != .performanceRegression } ?? failing.first
            let kind: Annotation.Kind = regressionsOnly ? .performanceRegression : .failure
            var message = issue.map(Self.text) ?? test.finalAttempt?.statusReason ?? Self.verb(test.status)
            // Every other distinct failing issue follows with its place (the message limits cut what is too long).
            for other in failing where other != issue {
                message += "\n\n" + (other.location.map { $0.description + ": " } ?? "") + Self.text(other)
            }
            let title = regressionsOnly ? "\(name) regressed" : "\(name) \(Self.verb(test.status))"
            return make(
                kind, test, name: name, title: title, message: message, at: issue?.location ?? test.location,
                paths: paths, workingDirectory: workingDirectory)
        }
        guard test.isFlaky else { return nil }
        let failedAttempts = test.attempts.dropLast().filter(\.status.isFailure)
        let issue = failedAttempts.last?.allIssues.first { $0.kind.isFailure }
        let reason = issue?.message ?? failedAttempts.last?.statusReason ?? "failed"
        let message =
            "Passed on attempt \(test.attempts.count) after failing \(failedAttempts.count) "
            + (failedAttempts.count == 1 ? "time" : "times") + ": " + reason
        return make(
            .flaky, test, name: name, title: "\(name) is flaky", message: message,
            at: issue?.location ?? test.location, paths: paths, workingDirectory: workingDirectory)
    }

    /// `Module.Suite.Nested/name`, cleaned to one line.
    public static func displayName(_ identity: TestIdentity) -> String {
        let container = ((identity.module.map { [$0] } ?? []) + identity.suites).joined(separator: ".")
        return AnnotationText.singleLine(container.isEmpty ? identity.name : container + "/" + identity.name)
    }

    private func make(
        _ kind: Annotation.Kind, _ test: TestRecord, name: String, title: String, message: String,
        at location: SourceLocation?, paths: SourcePaths, workingDirectory: String?
    ) -> Annotation {
        let resolved = location.map {
            paths.resolve(AnnotationText.singleLine($0.file, limit: 4096), workingDirectory: workingDirectory)
        }
        return Annotation(
            kind: kind, testID: test.id, testName: name, file: resolved?.path, relativeFile: resolved?.relativePath,
            line: location.flatMap { $0.line > 0 ? $0.line : nil },
            column: location?.column.flatMap { $0 > 0 ? $0 : nil },
            title: AnnotationText.singleLine(title), message: AnnotationText.message(message))
    }

    /// An issue's message and its details (swift-testing's `// comments`, expression values, a crash's frames).
    private static func text(_ issue: IssueRecord) -> String {
        issue.details.map { issue.message + "\n" + $0 } ?? issue.message
    }

    private static func verb(_ status: TestStatus) -> String {
        switch status {
        case .crashed: "crashed"
        case .timedOut: "timed out"
        case .interrupted: "was interrupted"
        default: "failed"
        }
    }
}
