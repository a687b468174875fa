/// Playwright Test's JSON reporter (`--reporter=json`): `config`, then `suites` of specs with a test per project.
struct PlaywrightFormat: ResultFormat {
    var name: ImportFormat { .playwrightJSON }
    var summary: String { "Playwright Test's JSON reporter (config, suites of specs, a test per project)" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        return probe.contains("\"config\"") && probe.contains("\"suites\"")
            && (probe.contains("\"specs\"") || probe.contains("\"projects\"") || probe.contains("\"rootDir\""))
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        let session = JSONReportSession(context, format: .playwrightJSON)
        let reader = PlaywrightReportReader(session: session)
        var outcome = try session.read(input, inspect: { reader.noteProjects(in: $0) }) {
            try reader.readReport(&$0)
        }
        try reader.endProjectRuns()
        outcome.diagnostics += reader.attachmentDiagnostics
        return outcome
    }
}

extension ImportFormat {
    /// Playwright Test's JSON reporter.
    public static let playwrightJSON = ImportFormat(declared: "playwright-json")
}
