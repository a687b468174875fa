import Foundation
import ResultModel

/// A reader of a format that is a stream of lines (TAP, test2json, libtest JSON, pytest's report log, Dart JSON):
/// it is handed the input one line at a time and writes each test as soon as it is complete, so memory stays flat
/// in the number of tests.
protocol LineStreamParser: AnyObject {
    /// A parser writing to `output`.
    init(output: StreamOutput)
    /// Reads one line.
    func consume(_ line: LineReader.Line) throws
    /// Writes what the stream left open and returns the problems found.
    func finish() throws -> [Diagnostic]
}

extension LineStreamParser {
    /// Reads `input` line by line into the context's sink, as `format`.
    static func read(_ input: ImportInput, _ context: ImportContext, as format: ImportFormat) throws
        -> ImportOutcome
    {
        let output = StreamOutput(sink: context.sink, runIndex: context.runIndex, fileName: context.fileName)
        let parser = Self(output: output)
        try input.forEachLine(fileName: context.fileName) { try parser.consume($0) }
        let diagnostics = try parser.finish() + output.diagnostics
        return ImportOutcome(format: format, testCount: output.testCount, diagnostics: diagnostics)
    }
}
