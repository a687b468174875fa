import Foundation

/// swift-testing's JSON event stream (`swift test --event-stream-output-path`, one JSON object per line).
struct EventStreamFormat: ResultFormat {
    var name: ImportFormat { .eventStream }
    var summary: String { "swift-testing's JSON event stream (--event-stream-output-path)" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        let line = probe.firstLine
        return line.hasPrefix("{") && line.contains("\"kind\"") && line.contains("\"version\"")
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        let parser = EventStreamParser(
            sink: context.sink, runIndex: context.runIndex, fileName: context.fileName,
            attachmentsBase: context.path == "-" ? nil : URL(fileURLWithPath: context.path).deletingLastPathComponent())
        try input.forEachLine(fileName: context.fileName) { line in
            try parser.consume(line.bytes, lineNumber: line.number)
        }
        let diagnostics = try parser.finish(crash: context.crashOutsideTests)
        let counts = parser.testCount > 0 ? ["swiftTesting.parsed": parser.testCount] : [:]
        return ImportOutcome(
            format: .eventStream, testCount: parser.testCount, diagnostics: diagnostics, reportedCounts: counts,
            wallClock: parser.wallClock)
    }
}
