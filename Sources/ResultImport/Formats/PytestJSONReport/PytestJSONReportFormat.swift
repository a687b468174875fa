/// pytest-json-report's report (`pytest --json-report`): `summary`, `collectors` and `tests` with their stages.
struct PytestJSONReportFormat: ResultFormat {
    var name: ImportFormat { .pytestJSONReport }
    var summary: String { "pytest-json-report (pytest --json-report: created, exitcode, tests with nodeid)" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        return probe.contains("\"exitcode\"") && (probe.contains("\"nodeid\"") || probe.contains("\"collectors\""))
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        let session = JSONReportSession(context, format: .pytestJSONReport)
        return try session.read(input) { try PytestJSONReportReader(session: session).readReport(&$0) }
    }
}

extension ImportFormat {
    /// pytest-json-report's report.
    public static let pytestJSONReport = ImportFormat(declared: "pytest-json-report")
}
