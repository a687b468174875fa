import ResultModel

/// What a test point means: its status by its `ok`/`not ok` and directive, and the issue its diagnostics give.
///
/// | point | status |
/// |---|---|
/// | `ok` | passed |
/// | `not ok` | failed |
/// | `ok`/`not ok` `# SKIP reason` | skipped |
/// | `not ok # TODO reason` | expected failure |
/// | `ok # TODO reason` | passed with a warning (it was expected to fail) |
struct TAPOutcome {
    var status: TestStatus
    var reason: String?
    var issues: [IssueRecord]
    var duration: Double?

    /// The message of a failure whose diagnostics give none.
    static let genericFailure = "not ok"

    init(_ pending: TAPPendingPoint) {
        let point = pending.point
        let diagnostics: TAPDiagnostics? =
            pending.yaml.map { TAPDiagnostics(yaml: $0) }
            ?? (pending.comments.isEmpty ? nil : TAPDiagnostics(comments: pending.comments))
        duration = diagnostics?.duration
        switch point.directive {
        case .skip(let why):
            let text = why.isEmpty ? "skipped" : why
            status = .skipped
            reason = text
            issues = [IssueRecord(kind: .skip, message: text)]
        case .todo(let why) where !point.isOK:
            status = .expectedFailure
            reason = nil
            issues = [
                IssueRecord(
                    kind: .knownIssue, message: "TODO" + (why.isEmpty ? "" : ": " + why),
                    location: diagnostics?.location, details: diagnostics?.details)
            ]
        case .todo(let why):
            status = .warning
            reason = nil
            issues = [
                IssueRecord(
                    kind: .warning, message: "passed although marked TODO" + (why.isEmpty ? "" : ": " + why))
            ]
        case .none where point.isOK:
            status = .passed
            reason = nil
            issues = []
        case .none:
            status = .failed
            reason = nil
            issues = [
                IssueRecord(
                    kind: .assertion, message: diagnostics?.message ?? Self.genericFailure,
                    location: diagnostics?.location, details: diagnostics?.details)
            ]
        }
    }
}
