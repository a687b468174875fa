import ResultBundle
import ResultImport
import ResultModel

/// Targets for the line-by-line parsers: console logs and the swift-testing event stream.
enum ConsoleFuzzing {
    /// The console parser `import` and `record` use: XCTest lines, and swift-testing lines routed by their symbol.
    static func xctest(_ input: UnsafeRawBufferPointer) {
        let sink = InMemoryResults()
        guard let run = try? sink.beginRun(RunRecord(producer: "fuzz", source: "fuzz")) else { return }
        let parser = ConsoleLogParser(
            sink: sink, runIndex: run, options: ConsoleParseOptions(fileName: "<fuzz>", ignoresSwiftTesting: false))
        InputLines.forEach(input) { line, number in try? parser.consume(line, lineNumber: number) }
        _ = try? parser.finish(interrupted: false)
    }

    /// The swift-testing console parser on its own, every line given to it.
    static func swiftTesting(_ input: UnsafeRawBufferPointer) {
        let sink = InMemoryResults()
        guard let run = try? sink.beginRun(RunRecord(producer: "fuzz", source: "fuzz")) else { return }
        let parser = SwiftTestingConsoleParser(
            sink: sink, runIndex: run, options: ConsoleParseOptions(fileName: "<fuzz>", ignoresSwiftTesting: false))
        InputLines.forEach(input) { line, number in
            _ = try? parser.consume(String(decoding: line, as: UTF8.self), lineNumber: number)
        }
        _ = try? parser.finish(interrupted: true)
    }

    /// swift-testing's JSON event stream (attachments are not read: there is no folder for them).
    static func eventStream(_ input: UnsafeRawBufferPointer) {
        let sink = InMemoryResults()
        guard let run = try? sink.beginRun(RunRecord(producer: "fuzz", source: "fuzz")) else { return }
        let parser = EventStreamParser(sink: sink, runIndex: run, fileName: "<fuzz>", attachmentsBase: nil)
        InputLines.forEach(input) { line, number in try? parser.consume(line, lineNumber: number) }
        _ = try? parser.finish(interrupted: true)
    }
}
