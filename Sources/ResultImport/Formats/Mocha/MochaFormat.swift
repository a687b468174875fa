/// Mocha's `--reporter json` report: `stats`, then `tests`, `pending`, `failures` and `passes`.
struct MochaFormat: ResultFormat {
    var name: ImportFormat { .mochaJSON }
    var summary: String { "Mocha --reporter json (stats, tests, pending, failures, passes)" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        let text = probe.text
        return text.contains("\"stats\"") && text.contains("\"fullTitle\"") && !text.contains("\"testsRegistered\"")
            && (text.contains("\"passes\"") || text.contains("\"tests\""))
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        let session = JSONReportSession(context, format: .mochaJSON)
        return try session.read(input) { try MochaReportReader(session: session).readReport(&$0) }
    }
}

extension ImportFormat {
    /// Mocha's JSON reporter.
    public static let mochaJSON = ImportFormat(declared: "mocha-json")
}
