import Foundation
import ResultModel

/// Reads a Playwright JSON report suite by suite. A spec has one test per project; each test's `results` are its
/// attempts (retries), their `steps` nested activities, their `attachments` attachments, their `stdout`/`stderr`
/// output. A report whose tests ran in several projects writes each project's tests to a run of its own named after
/// the project, as `merge` leaves a matrix of configurations; a report whose tests ran in one project writes to the
/// import's run.
final class PlaywrightReportReader {
    let session: JSONReportSession
    private let attachments: PlaywrightAttachments
    /// The projects the tests ran in.
    private var projects: Set<String> = []
    private var version: String?
    /// The run of each project, when the report has several.
    private var start: Double?
    private var duration: Double?

    init(session: JSONReportSession) {
        self.session = session
        attachments = PlaywrightAttachments(session: session)
    }

    /// Warnings about attachment files that were not stored.
    var attachmentDiagnostics: [Diagnostic] { attachments.diagnostics }

    func readReport(_ reader: inout JSONPullReader) throws {
        var declared: [String: Int] = [:]
        try reader.readObject { reader, key in
            switch key {
            case "config":
                let config = try reader.readValue()
                version = config["version"]?.string
            case "suites":
                try reader.readArray { reader, _ in try readSuite(&reader, parents: []) }
            case "errors":
                session.runIndex = session.context.runIndex
                try reader.readArray { reader, _ in try addReportError(reader.readValue()) }
            case "stats":
                let stats = try reader.readValue()
                declared = stats.counts(["expected", "unexpected", "flaky", "skipped"])
                start = stats["startTime"]?.string.flatMap(JUnitTimestamp.parse)
                duration = stats["duration"]?.double.map { $0 / 1000 }
            default:
                try reader.skipValue()
            }
        }
        var totals = DeclaredTotals()
        for word in ["expected", "unexpected", "flaky", "skipped"] {
            totals.compare(word, declared: declared[word], found: session.count(word))
        }
        session.compare(totals, "the report's stats")
    }

    /// Notes the projects the report's tests ran in, from every `"projectName"` member of the document.
    func noteProjects(in bytes: [UInt8]) {
        projects = PlaywrightProjectNames.distinct(in: bytes)
    }

    /// Goes back to the import's own run after the projects' tests (the importer ends the configuration runs).
    func endProjectRuns() throws {
        session.runIndex = session.context.runIndex
    }

    /// One suite: a file at the top level, a `describe` below it.
    private func readSuite(_ reader: inout JSONPullReader, parents: [String]) throws {
        try TitledSuites.read(&reader, parents: parents) { reader, key, path in
            guard key == "specs" else { return try reader.skipValue() }
            try reader.readArray { reader, _ in try addSpec(reader.readValue(), suites: path) }
        }
    }

    private func addSpec(_ spec: JSONValue, suites: [String]) throws {
        let title = spec["title"]?.string ?? "(unnamed test)"
        let location = spec["file"]?.string.map {
            SourceLocation(file: $0, line: spec["line"]?.int ?? 0, column: spec["column"]?.int)
        }
        let tags = (spec["tags"]?.array ?? []).compactMap(\.string)
        for test in spec["tests"]?.array ?? [] {
            let word = test["status"]?.string ?? "expected"
            try useRun(ofProject: test["projectName"]?.string ?? "")
            let record = try PlaywrightTestRecord.record(
                test, suites: suites, title: title, location: location, tags: tags, attachments: attachments)
            try session.add(record, word: word)
        }
    }

    /// Switches the session to the run of `project` when the report has several projects: a run per
    /// configuration, begun through the context as for every format with configurations.
    private func useRun(ofProject project: String) throws {
        guard projects.count > 1, !project.isEmpty else { return }
        session.runIndex = try session.context.runIndex(forConfiguration: project)
    }

    /// An error outside any test (a global setup that threw, a file that did not load) is a failed test.
    private func addReportError(_ error: JSONValue) throws {
        let message = error["message"]?.string ?? error["stack"]?.string ?? "error"
        let file = error["location"]?["file"]?.string
        let issue = FailureText.issue(
            error["stack"]?.string ?? message, message: message, kind: .thrownError,
            location: file.map { SourceLocation(file: $0, line: error["location"]?["line"]?.int ?? 0) })
        try session.add(
            TestRecord(
                identity: TestIdentity(suites: file.map { [$0] } ?? [], name: "(report error)"),
                attempts: [
                    TestAttempt(status: .failed, statusReason: "an error outside any test", issues: [issue])
                ]), word: "reportError")
    }
}
