import ResultModel
import ResultSupport

/// Makes the ``TestSummary`` of each test as it is read. Tests of one suite come one after another, so the group
/// key of the previous test is reused when module, suites and run are the same.
struct TestSummaryBuilder {
    private var lastGroup: (runName: String?, module: String?, suites: [String], key: String)?

    /// The summary of `test`, listed on all-tests page `listPage`; `runKey` tells runs of several bundles apart.
    /// `display` shows the run's source locations.
    mutating func summary(
        of test: TestRecord, runKey: Int, runName: String?, listPage: Int, display: SourceDisplay = .plain
    ) -> TestSummary {
        let hash = ReportPaths.testHash(test.identity, runIndex: runKey)
        // A test that passed on a retry is summed up by the failure its retry got past.
        let failure = test.status.isFailure || test.isFlaky ? Self.firstFailure(test) : nil
        var pagePath: String?
        var detail: OutputBuffer?
        switch RowDetail.placement(of: test, display: display) {
        case .statusOnly: break
        case .row(let html): detail = html
        case .page: pagePath = ReportPaths.testPage(id: test.id, hash: hash)
        }
        return TestSummary(
            name: DisplayText.clean(ReportFormatting.testName(test)),
            groupKey: groupKey(test, runName: runName),
            status: test.status, duration: test.duration,
            pagePath: pagePath, detail: detail, anchorHash: hash, listPage: listPage,
            failureMessage: DisplayText.clean(
                failure?.message ?? (test.status == .passed ? nil : test.finalAttempt?.statusReason)),
            failureLocation: DisplayText.clean(failure?.location.map(display.text)))
    }

    private mutating func groupKey(_ test: TestRecord, runName: String?) -> String {
        if let lastGroup, lastGroup.runName == runName, lastGroup.module == test.identity.module,
            lastGroup.suites == test.identity.suites
        {
            return lastGroup.key
        }
        let key = DisplayText.clean(TestSummary.groupKey(test, runName: runName))
        lastGroup = (runName, test.identity.module, test.identity.suites, key)
        return key
    }

    /// The issue a failed test's row shows: the first failure of its final attempt (and cases), else of the
    /// newest earlier attempt that had one (a final attempt that only says why it was retried, or that passed,
    /// names no assertion and no line), else its first issue.
    static func firstFailure(_ test: TestRecord) -> IssueRecord? {
        let issues = (test.finalAttempt?.allIssues ?? []) + test.cases.flatMap { $0.attempts.last?.allIssues ?? [] }
        if let failure = issues.first(where: { $0.kind.isFailure }) { return failure }
        for attempt in test.attempts.dropLast().reversed() {
            if let failure = attempt.allIssues.first(where: { $0.kind.isFailure }) { return failure }
        }
        return issues.first
    }
}
