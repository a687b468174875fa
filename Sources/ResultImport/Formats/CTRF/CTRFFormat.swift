/// CTRF, the Common Test Report Format (`results` with `tool`, `summary` and `tests`), which reporters for Jest,
/// Playwright, Cypress, pytest, Go and others write.
struct CTRFFormat: ResultFormat {
    var name: ImportFormat { .ctrf }
    var summary: String { "CTRF JSON, the Common Test Report Format (results: tool, summary, tests)" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        if probe.contains("\"reportFormat\"") && probe.contains("CTRF") { return true }
        return probe.contains("\"results\"") && probe.contains("\"tool\"") && probe.contains("\"summary\"")
            && probe.contains("\"tests\"")
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        let session = JSONReportSession(context, format: .ctrf)
        return try session.read(input) { try CTRFReportReader(session: session).readReport(&$0) }
    }
}

extension ImportFormat {
    /// CTRF JSON.
    public static let ctrf = ImportFormat(declared: "ctrf")
}
