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
        try DartJSONParser.read(input, context, as: .dartJSON)
    }
}

extension ImportFormat {
    /// The Dart and Flutter JSON reporter's events.
    public static let dartJSON = ImportFormat(declared: "dart-json")
}
