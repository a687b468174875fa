/// RSpec's `--format json` report: `examples` and `summary`, often after text the suite printed.
struct RSpecFormat: ResultFormat {
    var name: ImportFormat { .rspecJSON }
    var summary: String { "RSpec --format json (examples, summary)" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        return probe.contains("\"examples\"")
            && (probe.contains("\"full_description\"") || probe.contains("\"example_count\""))
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        let session = JSONReportSession(context, format: .rspecJSON)
        return try session.read(input) { try RSpecReportReader(session: session).readReport(&$0) }
    }
}

extension ImportFormat {
    /// RSpec's JSON formatter.
    public static let rspecJSON = ImportFormat(declared: "rspec-json")
}
