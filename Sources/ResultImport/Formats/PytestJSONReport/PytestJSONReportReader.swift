import ResultModel

/// Reads pytest-json-report's report test by test. Each test's `setup`, `call` and `teardown` stages are its
/// activities; a stage that failed fails the test (an error in setup or teardown is pytest's `error` outcome);
/// `xfailed` is an expected failure and `xpassed` a pass with a warning; a collector that failed (a module that did
/// not import) is a failed test named after it.
struct PytestJSONReportReader {
    let session: JSONReportSession

    static let stages = ["setup", "call", "teardown"]

    func readReport(_ reader: inout JSONPullReader) throws {
        var summary: JSONValue?
        var rootFolder: String?
        try reader.readObject { reader, key in
            switch key {
            case "root": rootFolder = try reader.readValue().string?.split(separator: "/").last.map(String.init)
            case "summary": summary = try reader.readValue()
            case "collectors": try reader.readArray { reader, _ in try addCollector(reader.readValue()) }
            case "tests":
                try reader.readArray { reader, _ in try addTest(reader.readValue(), rootFolder: rootFolder) }
            default: try reader.skipValue()
            }
        }
        var totals = DeclaredTotals()
        let words = ["passed", "failed", "skipped", "xfailed", "xpassed", "error"]
        totals.compare(
            "total", declared: summary?["total"]?.int, found: words.reduce(0) { $0 + session.count($1) })
        for word in words {
            // The summary leaves out the outcomes that did not occur.
            totals.compare(
                word, declared: summary?[word]?.int ?? (summary == nil ? nil : 0), found: session.count(word))
        }
        session.compare(totals, "the report's summary")
    }

    /// One test; `rootFolder` is the name of the run's root folder, which pytest lists among every test's keywords.
    private func addTest(_ test: JSONValue, rootFolder: String?) throws {
        let nodeID = test["nodeid"]?.string ?? "(unnamed test)"
        let word = test["outcome"]?.string ?? "passed"
        var parts = nodeID.components(separatedBy: "::")
        let name = parts.removeLast()
        var issues: [IssueRecord] = []
        var activities: [ActivityRecord] = []
        var output = ""
        var duration = 0.0
        var skipReason: String?
        var expectedFailure: IssueRecord?
        for stage in Self.stages {
            guard let report = test[stage] else { continue }
            let outcome = report["outcome"]?.string ?? "passed"
            let seconds = report["duration"]?.double
            duration += seconds ?? 0
            var stageIssues: [IssueRecord] = []
            if outcome == "failed" {
                let issue = Self.issue(report, kind: stage == "call" ? .assertion : .thrownError, stage: stage)
                stageIssues.append(issue)
                issues.append(issue)
            } else if outcome == "skipped" {
                if word == "xfailed" {
                    expectedFailure = Self.issue(report, kind: .knownIssue, stage: stage)
                } else {
                    skipReason = Self.skipReason(report["longrepr"]?.string)
                }
            }
            for stream in ["stdout", "stderr", "log"] {
                if let text = report[stream]?.string, !text.isEmpty { output += text }
            }
            activities.append(
                ActivityRecord(
                    title: stage, duration: seconds,
                    status: outcome == "failed" ? .failed : outcome == "skipped" ? .skipped : .passed,
                    issues: stageIssues))
        }
        let status: TestStatus
        switch word {
        case "passed": status = .passed
        case "failed", "error": status = .failed
        case "skipped":
            status = .skipped
            issues.append(IssueRecord(kind: .skip, message: skipReason ?? "skipped"))
        case "xfailed":
            status = .expectedFailure
            issues.append(expectedFailure ?? IssueRecord(kind: .knownIssue, message: "expected failure"))
        case "xpassed":
            status = .warning
            issues.append(IssueRecord(kind: .warning, message: "passed, though it was marked as expected to fail"))
        default: status = .unknown
        }
        if status == .failed, issues.isEmpty { issues.append(IssueRecord(kind: .assertion, message: word)) }
        let file = parts.first
        // pytest counts lines from 0.
        let line = test["lineno"]?.int.map { $0 + 1 }
        let keywords = (test["keywords"]?.array ?? []).compactMap(\.string)
        // Keywords are the markers and the names around the test (its function, class, module and folders); the
        // markers are the tags.
        let tags = keywords.filter { !nodeID.contains($0) && $0 != "pytestmark" && !$0.isEmpty && $0 != rootFolder }
        try session.add(
            TestRecord(
                identity: TestIdentity(suites: parts, name: name),
                location: file.map { SourceLocation(file: $0, line: line ?? 0) },
                tags: tags,
                attempts: [
                    TestAttempt(
                        status: status, statusReason: status == .skipped ? skipReason ?? "skipped" : nil,
                        duration: duration, issues: issues, activities: activities, output: try session.captured(output)
                    )
                ]),
            word: word)
    }

    /// A collector that failed: the module or class could not be collected.
    private func addCollector(_ collector: JSONValue) throws {
        guard collector["outcome"]?.string == "failed" else { return }
        let nodeID = collector["nodeid"]?.string ?? ""
        var parts = nodeID.components(separatedBy: "::")
        let name = parts.removeLast()
        let text = collector["longrepr"]?.string ?? "collection failed"
        try session.add(
            TestRecord(
                identity: TestIdentity(suites: parts + [name], name: "(collection)"),
                attempts: [
                    TestAttempt(
                        status: .failed, statusReason: "collection failed",
                        issues: [
                            FailureText.issue(
                                text, message: text.split(separator: "\n").last.map(String.init),
                                kind: .thrownError)
                        ])
                ]), word: "collectorFailed")
    }

    /// The issue of a failed (or xfailed) stage: `crash` gives the message and the place; the innermost entry of
    /// `traceback` gives the place relative to the root when it has one.
    private static func issue(_ report: JSONValue, kind: IssueRecord.Kind, stage: String) -> IssueRecord {
        let crash = report["crash"]
        let frames = report["traceback"]?.array ?? []
        let frame = frames.last
        let location =
            (frame?["path"]?.string).map { SourceLocation(file: $0, line: frame?["lineno"]?.int ?? 0) }
            ?? crash?["path"]?.string.map { SourceLocation(file: $0, line: crash?["lineno"]?.int ?? 0) }
        let message = crash?["message"]?.string ?? "\(stage) failed"
        let headline = message.split(separator: "\n").first.map(String.init) ?? message
        let prefix = stage == "call" ? "" : "error in \(stage): "
        return IssueRecord(
            kind: kind, message: prefix + headline, location: location,
            details: report["longrepr"]?.string ?? (message == headline ? nil : message))
    }

    /// The reason in a skip's `longrepr`, `('path', 24, 'Skipped: reason')`.
    static func skipReason(_ longrepr: String?) -> String? {
        guard let longrepr else { return nil }
        guard longrepr.hasPrefix("("), longrepr.hasSuffix(")"),
            let open = longrepr.dropLast().lastIndex(where: { $0 == "'" || $0 == "\"" })
        else { return longrepr }
        let quote = longrepr[open]
        let inner = longrepr[..<open]
        guard let start = inner.lastIndex(of: quote) else { return longrepr }
        let reason = String(inner[inner.index(after: start)...])
        return reason.hasPrefix("Skipped: ") ? String(reason.dropFirst("Skipped: ".count)) : reason
    }
}
