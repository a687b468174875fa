/// pytest's `--report-log` (pytest-reportlog): one JSON report per line, `$report_type` naming its kind.
struct PytestReportLogFormat: ResultFormat {
    var name: ImportFormat { .pytestReportLog }
    var summary: String { "pytest --report-log JSON lines (pytest-reportlog)" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.anyLine(limit: 50) { $0.hasPrefix("{") && $0.contains("\"$report_type\"") }
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        try PytestReportLogParser.read(input, context, as: .pytestReportLog)
    }
}

extension ImportFormat {
    /// pytest's `--report-log` JSON lines.
    public static let pytestReportLog = ImportFormat(declared: "pytest-reportlog")
}
