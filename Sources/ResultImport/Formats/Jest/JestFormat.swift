/// Jest's `--json` report, and Vitest's JSON reporter, which writes the same shape.
struct JestFormat: ResultFormat {
    var name: ImportFormat { .jestJSON }
    var summary: String { "Jest --json and Vitest's JSON reporter (numTotalTests, testResults)" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.contains("\"numTotalTests\"") || probe.contains("\"assertionResults\"")
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        let session = JSONReportSession(context, format: .jestJSON)
        let reader = JestReportReader(session: session)
        return try session.read(input) { try reader.readReport(&$0) }
    }
}

extension ImportFormat {
    /// Jest's `--json` report, and Vitest's JSON reporter.
    public static let jestJSON = ImportFormat(declared: "jest-json")
}
