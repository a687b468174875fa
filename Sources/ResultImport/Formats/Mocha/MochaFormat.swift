/// Mocha's `--reporter json` report: `stats`, then `tests`, `pending`, `failures` and `passes`.
struct MochaFormat: ResultFormat {
    var name: ImportFormat { .mochaJSON }
    var summary: String { "Mocha --reporter json (stats, tests, pending, failures, passes)" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        return probe.contains("\"stats\"") && probe.contains("\"fullTitle\"") && !probe.contains("\"testsRegistered\"")
            && (probe.contains("\"passes\"") || probe.contains("\"tests\""))
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
