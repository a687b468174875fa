/// `go test -json` (test2json), as go 1.x and gotestsum write it: one JSON event per line.
struct GoTestJSONFormat: ResultFormat {
    var name: ImportFormat { .goTestJSON }
    var summary: String { "go test -json (test2json) event lines, from go test and gotestsum" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.anyLine(limit: 50) { line in
            // test2json run by hand (`go tool test2json`) names no package; `go test -json` does.
            line.hasPrefix("{") && line.contains("\"Action\":")
                && (line.contains("\"Package\":") || line.contains("\"Test\":") || line.contains("\"Output\":")
                    || line.contains("\"ImportPath\":"))
        }
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        try GoTestJSONParser.read(input, context, as: .goTestJSON)
    }
}

extension ImportFormat {
    /// `go test -json` (test2json) event lines.
    public static let goTestJSON = ImportFormat(declared: "go-test-json")
}
