import Foundation
import ResultModel

/// Reads a CTRF report test by test: `status` `passed`, `failed`, `skipped`, `pending` (skipped) or `other`; a
/// pytest `rawStatus` of `xfailed` is an expected failure; `retryAttempts` are earlier attempts; `steps` are
/// activities; `tags` tags; `parameters`, `type`, `browser` and `device` properties; `stdout`/`stderr` output;
/// `attachments` files stored under the attachments folder's rules.
struct CTRFReportReader {
    let session: JSONReportSession

    static let statuses: [String: TestStatus] = [
        "passed": .passed, "failed": .failed, "skipped": .skipped, "pending": .skipped, "other": .unknown,
    ]

    func readReport(_ reader: inout JSONPullReader) throws {
        var summary: JSONValue?
        let files = JUnitAttachmentFiles(
            sink: session.context.sink, fileName: session.fileName, root: session.context.attachmentsBase,
            maxBytes: session.context.maxAttachmentBytes)
        try reader.readObject { reader, key in
            guard key == "results" else { return try reader.skipValue() }
            try reader.readObject { reader, key in
                switch key {
                case "summary": summary = try reader.readValue()
                case "tests":
                    try reader.readArray { reader, _ in try addTest(reader.readValue(), files: files) }
                default: try reader.skipValue()
                }
            }
        }
        session.diagnostics += files.diagnostics
        var totals = DeclaredTotals()
        totals.compare(
            "tests", declared: summary?["tests"]?.int,
            found: Self.statuses.keys.reduce(0) { $0 + session.count($1) })
        for word in Self.statuses.keys.sorted() {
            totals.compare(word, declared: summary?[word]?.int, found: session.count(word))
        }
        session.compare(totals, "the report's summary")
    }

    private func addTest(_ test: JSONValue, files: JUnitAttachmentFiles) throws {
        let word = test["status"]?.string ?? "other"
        let rawStatus = test["rawStatus"]?.string
        var status = Self.statuses[word] ?? .unknown
        let name = test["name"]?.string ?? "(unnamed test)"
        let suites: [String] =
            test["suite"]?.array.map { $0.compactMap(\.string) }
            ?? test["suite"]?.string.map { $0.components(separatedBy: " > ") } ?? []
        var issues: [IssueRecord] = []
        let message = test["message"]?.string
        let trace = test["trace"]?.string
        let file = test["filePath"]?.string
        let location = file.map { SourceLocation(file: $0, line: test["line"]?.int ?? 0) }
        if rawStatus == "xfailed" {
            status = .expectedFailure
            issues.append(IssueRecord(kind: .knownIssue, message: message ?? "expected failure", details: trace))
        } else if status == .failed {
            issues.append(FailureText.issue(trace ?? message ?? "failed", message: message))
        } else if status == .skipped {
            issues.append(IssueRecord(kind: .skip, message: message ?? word))
        }
        var output = (test["stdout"]?.array ?? []).compactMap(\.string).joined(separator: "\n")
        let errors = (test["stderr"]?.array ?? []).compactMap(\.string).joined(separator: "\n")
        if !errors.isEmpty { output += (output.isEmpty ? "" : "\n") + errors }
        let references = (test["attachments"]?.array ?? []).compactMap { $0["path"]?.string }.map {
            AttachmentReference(path: $0, line: 0)
        }
        var attempts = (test["retryAttempts"]?.array ?? []).map(Self.retry)
        // The report's last retry attempt, when it lists them all, is the final one itself.
        if let last = attempts.last, last.status == status { attempts.removeLast() }
        attempts.append(
            TestAttempt(
                status: status, statusReason: status == .skipped ? message ?? word : nil,
                start: test["start"]?.double.map { $0 / 1000 }, duration: test["duration"]?.double.map { $0 / 1000 },
                issues: issues, activities: (test["steps"]?.array ?? []).map(Self.step),
                attachments: files.attachments(for: references), output: try session.captured(output)))
        try session.add(
            TestRecord(
                identity: TestIdentity(suites: suites, name: name), location: location,
                tags: (test["tags"]?.array ?? []).compactMap(\.string), attempts: attempts,
                properties: Self.properties(test)),
            word: word)
    }

    private static func retry(_ attempt: JSONValue) -> TestAttempt {
        let status = statuses[attempt["status"]?.string ?? "failed"] ?? .failed
        let message = attempt["message"]?.string
        let trace = attempt["trace"]?.string
        return TestAttempt(
            status: status, start: attempt["start"]?.double.map { $0 / 1000 },
            duration: attempt["duration"]?.double.map { $0 / 1000 },
            issues: status == .failed ? [FailureText.issue(trace ?? message ?? "failed", message: message)] : [])
    }

    private static func step(_ step: JSONValue) -> ActivityRecord {
        let status = statuses[step["status"]?.string ?? "passed"] ?? .unknown
        return ActivityRecord(title: step["name"]?.string ?? "step", status: status)
    }

    private static func properties(_ test: JSONValue) -> [NameValue] {
        var properties: [NameValue] = []
        for key in ["type", "browser", "device", "rawStatus"] {
            if let value = test[key]?.string, !value.isEmpty { properties.append(NameValue(name: key, value: value)) }
        }
        if let retries = test["retries"]?.int, retries > 0 {
            properties.append(NameValue(name: "retries", value: String(retries)))
        }
        if test["flaky"]?.bool == true { properties.append(NameValue(name: "flaky", value: "true")) }
        for (name, value) in test["parameters"]?.members ?? [] {
            properties.append(NameValue(name: "parameter." + name, value: value.string ?? Self.text(of: value)))
        }
        return properties
    }

    private static func text(of value: JSONValue) -> String {
        switch value {
        case .number(let number): String(number)
        case .bool(let flag): String(flag)
        case .null: "null"
        case .string(let text): text
        case .array, .object: "(structured value)"
        }
    }
}
