import ResultModel

/// What an NUnit `test-case` says about how it ended (docs/IMPORT.md, "nunit").
enum NUnitOutcome {
    /// The status of a test case from its `result` and `label` (NUnit 3) or `executed`, `result` and `success`
    /// (NUnit 2), and whether it has a `<failure>`.
    static func status(result: String?, label: String?, executed: String?, success: String?, hasFailure: Bool)
        -> TestStatus
    {
        if executed?.lowercased() == "false" { return .skipped }
        switch result?.lowercased() {
        case "passed", "success": return .passed
        case "warning": return .warning
        case "skipped", "ignored", "notrunnable", "inconclusive", "explicit": return .skipped
        case "cancelled": return .interrupted
        case "failed":
            // NUnit 3 labels a test stopped by its `Timeout` "Test exceeded Timeout value 1ms.".
            if label?.lowercased().contains("timeout") == true { return .timedOut }
            return label?.lowercased() == "cancelled" ? .interrupted : .failed
        case "failure", "error": return .failed
        case nil:
            if let success { return success.lowercased() == "true" ? .passed : .failed }
            return hasFailure ? .failed : .passed
        default: return .failed
        }
    }

    /// The kind of a failure's issue: an error (an exception outside an assertion) or an assertion.
    static func issueKind(result: String?, label: String?) -> IssueRecord.Kind {
        result?.lowercased() == "error" || label?.lowercased() == "error" ? .thrownError : .assertion
    }

    /// The root attribute NUnit counts a test case under (NUnit 3's `passed`, NUnit 2's `failures`...), by
    /// the same rules NUnit's own summary uses.
    static func counter(result: String?, executed: String?, isVersion2: Bool, status: TestStatus) -> [String] {
        let word = result?.lowercased()
        if isVersion2 {
            var words: [String] = []
            if executed?.lowercased() == "false" {
                words.append("not-run")
            } else {
                words.append("total")
            }
            switch word {
            case "error": words.append("errors")
            case "failure": words.append("failures")
            case "ignored": words.append("ignored")
            case "notrunnable": words.append("invalid")
            case "inconclusive": words.append("inconclusive")
            case "skipped": words.append("skipped")
            case nil where status == .failed: words.append("failures")
            default: break
            }
            return words
        }
        switch word {
        case "passed": return ["total", "passed"]
        case "failed": return ["total", "failed"]
        case "skipped": return ["total", "skipped"]
        case "inconclusive": return ["total", "inconclusive"]
        case "warning": return ["total", "warnings"]
        default: return ["total"]
        }
    }

    /// The root attributes compared with the test cases read.
    static let version3Counters = ["total", "passed", "failed", "inconclusive", "skipped", "warnings"]
    static let version2Counters = [
        "total", "errors", "failures", "not-run", "inconclusive", "ignored", "skipped", "invalid",
    ]
}
