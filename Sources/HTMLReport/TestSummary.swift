import ResultModel

/// What the index and list pages keep of each test after its own page is written: a few short strings.
struct TestSummary {
    var name: String
    var groupKey: String
    var status: TestStatus
    var duration: Double?
    var href: String
    var anchor: String
    /// The page of the all-tests list holding the test's row.
    var listPage: Int
    var hasPage: Bool
    var failureMessage: String?
    var failureLocation: String?

    /// Whether a test needs a page of its own: anything beyond a status and a duration.
    static func needsPage(_ test: TestRecord) -> Bool {
        if test.attempts.count > 1 || !test.cases.isEmpty || test.status.isFailure { return true }
        return test.attempts.contains { attempt in
            attempt.issues.contains { $0.kind != .skip } || !attempt.activities.isEmpty || !attempt.attachments.isEmpty
                || !attempt.measurements.isEmpty || attempt.output != nil
        }
    }

    /// `run › module › suite`, the heading tests are grouped under.
    static func groupKey(_ test: TestRecord, runName: String?) -> String {
        var parts: [String] = []
        if let runName { parts.append(runName) }
        parts.append(test.identity.module ?? "(no module)")
        parts.append(test.identity.suites.isEmpty ? "(no suite)" : test.identity.suites.joined(separator: "."))
        return parts.joined(separator: " › ")
    }
}
