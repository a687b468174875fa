/// mochawesome's JSON report (`stats` with `testsRegistered`, then `results`, or `suites` before version 4).
struct MochawesomeFormat: ResultFormat {
    var name: ImportFormat { .mochawesome }
    var summary: String { "mochawesome's JSON report (stats with testsRegistered, results or suites)" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        return probe.contains("\"stats\"") && probe.contains("\"testsRegistered\"")
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        let session = JSONReportSession(context, format: .mochawesome)
        return try session.read(input) { try MochawesomeReportReader(session: session).readReport(&$0) }
    }
}

extension ImportFormat {
    /// mochawesome's JSON report.
    public static let mochawesome = ImportFormat(declared: "mochawesome")
}
