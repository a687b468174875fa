/// Rust libtest's JSON lines: `cargo test -- --format json -Z unstable-options` and cargo-nextest's libtest-json.
struct LibTestJSONFormat: ResultFormat {
    var name: ImportFormat { .libtestJSON }
    var summary: String { "Rust libtest JSON lines (cargo test --format json, cargo-nextest libtest-json)" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.anyLine(limit: 50) { line in
            line.hasPrefix("{") && line.contains("\"type\"") && line.contains("\"event\"")
                && (line.contains("\"suite\"") || line.contains("\"test\""))
        }
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        try LibTestJSONParser.read(input, context, as: .libtestJSON)
    }
}

extension ImportFormat {
    /// Rust libtest JSON lines.
    public static let libtestJSON = ImportFormat(declared: "libtest-json")
}
