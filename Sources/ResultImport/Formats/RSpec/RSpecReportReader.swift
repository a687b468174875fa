import ResultModel

/// Reads RSpec's JSON report example by example: `passed`, `failed`, and `pending` (skipped, with its
/// `pending_message`); a failure's `exception` gives the message, class and backtrace. Errors outside examples
/// (a spec file that did not load) are one failed test, with the report's `messages` as its details.
struct RSpecReportReader {
    let session: JSONReportSession

    func readReport(_ reader: inout JSONPullReader) throws {
        var summary: JSONValue?
        var messages: [String] = []
        try reader.readObject { reader, key in
            switch key {
            case "examples":
                try reader.readArray { reader, _ in try addExample(reader.readValue()) }
            case "summary":
                summary = try reader.readValue()
            case "messages":
                messages = (try reader.readValue().array ?? []).compactMap(\.string)
            default:
                try reader.skipValue()
            }
        }
        let outside = summary?["errors_outside_of_examples_count"]?.int ?? 0
        if outside > 0 {
            let text = messages.joined(separator: "\n")
            try session.add(
                TestRecord(
                    identity: TestIdentity(name: "(errors outside examples)"),
                    attempts: [
                        TestAttempt(
                            status: .failed, statusReason: "errors occurred outside of examples",
                            issues: [
                                FailureText.issue(
                                    text.isEmpty ? "\(outside) errors occurred outside of examples" : text,
                                    kind: .thrownError)
                            ])
                    ]), word: "outside")
        }
        var totals = DeclaredTotals()
        totals.compare(
            "example_count", declared: summary?["example_count"]?.int,
            found: session.count("passed", "failed", "pending"))
        totals.compare("failure_count", declared: summary?["failure_count"]?.int, found: session.count("failed"))
        totals.compare("pending_count", declared: summary?["pending_count"]?.int, found: session.count("pending"))
        session.compare(totals, "the report's summary")
    }

    private func addExample(_ example: JSONValue) throws {
        let word = example["status"]?.string ?? "passed"
        let description = example["description"]?.string ?? example["id"]?.string ?? "(unnamed example)"
        let file = example["file_path"]?.string.map(Self.withoutDotSlash)
        // `full_description` is the example groups' descriptions and the example's, joined by spaces.
        let full = example["full_description"]?.string ?? description
        var suites = file.map { [$0] } ?? []
        if full.hasSuffix(description), full.count > description.count {
            suites.append(String(full.dropLast(description.count)).trimmingWhitespace())
        }
        let status: TestStatus
        var issues: [IssueRecord] = []
        var reason: String?
        switch word {
        case "passed": status = .passed
        case "failed":
            status = .failed
            issues.append(issue(example["exception"], file: file))
        case "pending":
            status = .skipped
            reason = example["pending_message"]?.string ?? "pending"
            issues.append(IssueRecord(kind: .skip, message: reason!))
        default: status = .unknown
        }
        let line = example["line_number"]?.int
        try session.add(
            TestRecord(
                identity: TestIdentity(suites: suites, name: description),
                location: file.map { SourceLocation(file: $0, line: line ?? 0) },
                attempts: [
                    TestAttempt(
                        status: status, statusReason: reason, duration: example["run_time"]?.double, issues: issues)
                ],
                properties: example["id"]?.string.map { [NameValue(name: "id", value: $0)] } ?? []),
            word: word)
    }

    private func issue(_ exception: JSONValue?, file: String?) -> IssueRecord {
        let message = exception?["message"]?.string ?? "failed"
        let backtrace = (exception?["backtrace"]?.array ?? []).compactMap(\.string)
        var text = message
        if !backtrace.isEmpty { text += "\n" + backtrace.joined(separator: "\n") }
        var issue = FailureText.issue(
            text, message: message, type: exception?["class"]?.string,
            location: RubyBacktrace.location(in: backtrace, preferring: file))
        if issue.message.isEmpty { issue.message = "failed" }
        return issue
    }

    static func withoutDotSlash(_ path: String) -> String {
        path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }
}

/// The place a Ruby backtrace points at: `path:line:in 'method'` frames.
enum RubyBacktrace {
    /// The first frame in `file` (the example's spec file), else the first frame outside gems and Ruby itself.
    static func location(in frames: [String], preferring file: String?) -> SourceLocation? {
        let parsed = frames.compactMap(frame)
        if let file, let own = parsed.first(where: { RSpecReportReader.withoutDotSlash($0.file) == file }) {
            return SourceLocation(file: file, line: own.line)
        }
        return parsed.first { !$0.file.contains("/gems/") && !$0.file.contains("/ruby/") }
    }

    private static func frame(_ text: String) -> SourceLocation? {
        let head = text.range(of: ":in ").map { text[..<$0.lowerBound] } ?? Substring(text)
        guard let colon = head.lastIndex(of: ":"), let line = Int(head[head.index(after: colon)...]), line > 0
        else { return nil }
        return SourceLocation(file: String(head[..<colon]), line: line)
    }
}
