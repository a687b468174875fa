import ResultModel

/// Reads a Jest (or Vitest) JSON report one test file at a time: each element of `testResults` is a file with its
/// `assertionResults`, one per test; the file's own failure (a suite that did not run, a hook that failed with no
/// test failing) becomes a failed test named `(suite)`.
struct JestReportReader {
    let session: JSONReportSession

    /// The words of `assertionResults[].status` and the status each stands for.
    static let statuses: [String: TestStatus] = [
        "passed": .passed, "focused": .passed, "failed": .failed, "pending": .skipped, "skipped": .skipped,
        "disabled": .skipped, "todo": .skipped,
    ]

    func readReport(_ reader: inout JSONPullReader) throws {
        var declared: [String: Int] = [:]
        try reader.readObject { reader, key in
            switch key {
            case "numTotalTests", "numPassedTests", "numFailedTests", "numPendingTests", "numTodoTests":
                declared[key] = try reader.readValue().int
            case "testResults":
                try reader.readArray { reader, _ in
                    guard try reader.peek() == .object else { return try reader.skipValue() }
                    try readFile(&reader)
                }
            default:
                try reader.skipValue()
            }
        }
        var totals = DeclaredTotals()
        let counted = Self.statuses.keys.reduce(0) { $0 + session.count($1) }
        totals.compare("numTotalTests", declared: declared["numTotalTests"], found: counted)
        totals.compare(
            "numPassedTests", declared: declared["numPassedTests"], found: session.count("passed", "focused"))
        totals.compare("numFailedTests", declared: declared["numFailedTests"], found: session.count("failed"))
        totals.compare(
            "numPendingTests", declared: declared["numPendingTests"],
            found: session.count("pending", "skipped", "disabled"))
        totals.compare("numTodoTests", declared: declared["numTodoTests"], found: session.count("todo"))
        session.compare(totals, "the report")
    }

    /// One element of `testResults`: a test file and its tests, written once the file is read (Jest writes a
    /// file's name and start after its tests; damage inside the file keeps none of its tests).
    private func readFile(_ reader: inout JSONPullReader) throws {
        let file = try JestFile(&reader)
        let path = file.name ?? file.testFilePath ?? "(unnamed file)"
        var anyFailed = false
        for assertion in file.assertions {
            let word = assertion.status ?? "passed"
            anyFailed = anyFailed || word == "failed"
            if assertion.isPlainPass(word) {
                try session.addPassed(
                    identity(assertion, path: path), start: file.start, duration: assertion.duration.map { $0 / 1000 },
                    word: word)
            } else {
                try session.add(test(assertion, word: word, path: path, start: file.start), word: word)
            }
        }
        // A file that failed with no failing test: it did not run (a syntax error) or a hook failed.
        let message = file.execErrorMessage ?? file.failureMessage ?? file.message ?? ""
        guard !anyFailed, file.status == "failed" || file.hasExecError else { return }
        let issue = FailureText.issue(message.isEmpty ? "the test file failed" : message, kind: .thrownError)
        try session.add(
            TestRecord(
                identity: TestIdentity(suites: [path], name: Self.fileFailureName),
                attempts: [
                    TestAttempt(
                        status: .failed, statusReason: "the test file failed outside its tests", start: file.start,
                        issues: [issue])
                ]), word: "fileFailed")
    }

    /// The name of the test standing for a file's own failure.
    static let fileFailureName = "(suite)"

    /// The test's identity: the file, then its `describe` blocks, as suites.
    private func identity(_ assertion: JestAssertion, path: String) -> TestIdentity {
        TestIdentity(
            suites: [path] + assertion.ancestorTitles, name: assertion.title ?? assertion.fullName ?? "(unnamed test)")
    }

    private func test(_ assertion: JestAssertion, word: String, path: String, start: Double?) -> TestRecord {
        let status = Self.statuses[word] ?? .unknown
        var issues = assertion.failureMessages.map { FailureText.issue($0) }
        if status == .failed, issues.isEmpty { issues.append(IssueRecord(kind: .assertion, message: "failed")) }
        var reason: String?
        if status == .skipped {
            reason = word == "todo" ? "todo" : word
            issues.append(IssueRecord(kind: .skip, message: reason!))
        }
        // jest-circus's `retryTimes`: each failure before the last attempt is a retry reason.
        var attempts = assertion.retryReasons.map {
            TestAttempt(status: .failed, issues: [FailureText.issue($0)])
        }
        attempts.append(
            TestAttempt(
                status: status, statusReason: reason, start: start, duration: assertion.duration.map { $0 / 1000 },
                issues: issues))
        return TestRecord(
            identity: identity(assertion, path: path),
            location: assertion.line.map { SourceLocation(file: path, line: $0, column: assertion.column) },
            attempts: attempts)
    }
}
