import ResultModel

/// Allure's status words and what they become: `passed`, `failed` (an assertion failed), `broken` (anything else
/// went wrong, counted as failed), `skipped`, and `unknown` (or none), which Allure counts apart and so do we.
enum AllureStatus {
    /// The status an Allure `status` word stands for.
    static func status(_ word: String?) -> TestStatus {
        switch word {
        case "passed": .passed
        case "failed", "broken": .failed
        case "skipped": .skipped
        default: .unknown
        }
    }

    /// The issue an item's `statusDetails` describe, when its status is a failure or a skip: `failed` is an
    /// assertion, `broken` a thrown error; the place is the innermost frame of the trace that is the test's own.
    static func issue(status word: String?, details: JSONValue?, className: String?) -> IssueRecord? {
        let kind: IssueRecord.Kind
        switch word {
        case "failed": kind = .assertion
        case "broken": kind = .thrownError
        case "skipped": kind = .skip
        default: return nil
        }
        let message = details?["message"]?.string?.trimmingWhitespace() ?? ""
        let trace = details?["trace"]?.string?.trimmingLineBreaks() ?? ""
        let firstTraceLine = trace.split(separator: "\n").first.map(String.init)
        let shown = message.isEmpty ? (firstTraceLine ?? (kind == .skip ? "skipped" : "the test is \(word!)")) : message
        return IssueRecord(
            kind: kind, message: shown,
            location: trace.isEmpty ? nil : TraceLocation.find(in: trace, className: className),
            details: trace.isEmpty || trace == shown ? nil : trace)
    }
}
