import ResultModel

/// A test as Mocha's JSON reporter and mochawesome write it (`title`, `fullTitle`, `duration`, `err`), made a
/// record. Mocha names hooks like tests (`"before each" hook for "adds"`); a failed hook is written as a failed test
/// under that name, since the tests it stopped are not reported as failed.
enum MochaTestRecord {
    /// Whether `title` is a hook's (`"before all" hook`, `"after each" hook for "x"`).
    static func isHook(_ title: String) -> Bool {
        title.hasPrefix("\"")
            && (title.contains("\" hook for ") || title.hasSuffix("\" hook")
                || title.contains("\" hook in "))
    }

    /// The suites of a test: `fullTitle` is the suites' titles and the test's, joined by spaces, so the suites
    /// are what precedes the title.
    static func suites(fullTitle: String?, title: String) -> [String] {
        guard let fullTitle, fullTitle.hasSuffix(title), fullTitle.count > title.count else { return [] }
        let path = String(fullTitle.dropLast(title.count)).trimmingWhitespace()
        return path.isEmpty ? [] : [path]
    }

    /// The issue of an `err` object (`message`, `stack` or mochawesome's `estack`, `expected`, `actual`, `diff`);
    /// `nil` when it is empty.
    static func issue(_ error: JSONValue?) -> IssueRecord? {
        guard let error, let members = error.members, !members.isEmpty else { return nil }
        let stack = error["stack"]?.string ?? error["estack"]?.string ?? ""
        let message = error["message"]?.string ?? error["_message"]?.string
        var extra: [String] = []
        if let diff = error["diff"]?.string, !diff.isEmpty { extra.append(diff) }
        for key in ["expected", "actual"] {
            if let value = error[key]?.string ?? error[key].map(describe) { extra.append("\(key): \(value)") }
        }
        let isTimeout = error["code"]?.string == "ERR_MOCHA_TIMEOUT"
        var issue = FailureText.issue(
            ([stack.isEmpty ? message ?? "" : stack] + extra).joined(separator: "\n"), message: message,
            kind: isTimeout ? .timeout : .assertion, type: error["name"]?.string ?? error["code"]?.string)
        if issue.message.isEmpty { issue.message = "failed" }
        return issue
    }

    /// A record of `test` under `suites`, with `status` (a hook's title is its name).
    static func record(
        _ test: JSONValue, suites: [String], status: TestStatus, reason: String? = nil
    ) -> TestRecord {
        let title = test["title"]?.string ?? "(unnamed test)"
        var issues: [IssueRecord] = []
        if status == .failed {
            issues.append(issue(test["err"]) ?? IssueRecord(kind: .assertion, message: "failed"))
        } else if status == .skipped {
            issues.append(IssueRecord(kind: .skip, message: reason ?? "pending"))
        }
        var properties: [NameValue] = []
        if let retries = test["currentRetry"]?.int, retries > 0 {
            properties.append(NameValue(name: "retries", value: String(retries)))
        }
        return TestRecord(
            identity: TestIdentity(suites: suites, name: title),
            attempts: [
                TestAttempt(
                    status: status, statusReason: status == .skipped ? reason ?? "pending" : nil,
                    duration: test["duration"]?.double.map { $0 / 1000 }, issues: issues)
            ],
            properties: properties)
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): String(flag)
        case .number(let text): String(text)
        case .string(let text): text
        case .array, .object: "(structured value)"
        }
    }
}
