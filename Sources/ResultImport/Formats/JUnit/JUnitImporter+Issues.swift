import ResultModel

/// How the issues of a JUnit test case are put together: where each happened, and what empty `<failure/>` and
/// `<error/>` elements add (docs/IMPORT.md).
extension JUnitImporter {
    /// Where an issue happened: the innermost frame of the test's code its trace names (``TraceLocation``), with
    /// the test case's own path when the frame names the same file by a shorter one; else the test case's `file`
    /// and `line`.
    static func issueLocation(trace: String, _ current: CaseState?) -> SourceLocation? {
        let declared = current?.file.map { SourceLocation(file: $0, line: current?.line ?? 0) }
        guard !trace.isEmpty, var traced = TraceLocation.find(in: trace, className: current?.className) else {
            return declared
        }
        if let file = current?.file, file != traced.file, file.hasSuffix("/" + traced.file) { traced.file = file }
        return traced
    }

    /// Adds the issues of empty `<failure/>` and `<error/>` elements: alone, they are the test's failure; beside
    /// an issue that says what happened, they add nothing but an error's precedence, which that issue then takes.
    static func addBareIssues(_ bare: [IssueRecord], to issues: inout [IssueRecord]) {
        guard !bare.isEmpty else { return }
        guard let first = issues.firstIndex(where: { $0.kind.isFailure }) else {
            issues += bare
            return
        }
        if bare.contains(where: { $0.kind == .thrownError }), !issues.contains(where: { $0.kind == .thrownError }) {
            issues[first].kind = .thrownError
        }
    }
}
