/// The Dart and Flutter JSON reporter: `dart test -r json`, `flutter test --machine`; one event per line.
struct DartJSONFormat: ResultFormat {
    var name: ImportFormat { .dartJSON }
    var summary: String { "Dart/Flutter JSON reporter events (dart test -r json, flutter test --machine)" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.anyLine(limit: 50) { line in
            line.hasPrefix("{") && line.contains("\"protocolVersion\"") && line.contains("\"runnerVersion\"")
                || line.hasPrefix("{") && line.contains("\"type\":\"testStart\"")
        }
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        let parser = DartJSONParser(sink: context.sink, runIndex: context.runIndex, fileName: context.fileName)
        try input.forEachLine(fileName: context.fileName) { try parser.consume($0) }
        let diagnostics = try parser.finish()
        return ImportOutcome(format: .dartJSON, testCount: parser.testCount, diagnostics: diagnostics)
    }
}

extension ImportFormat {
    /// The Dart and Flutter JSON reporter's events.
    public static let dartJSON = ImportFormat(declared: "dart-json")
}
