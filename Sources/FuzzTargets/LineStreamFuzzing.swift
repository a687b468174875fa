import Foundation
import ResultBundle
import ResultImport
import ResultModel

/// Targets for the line-stream formats (TAP, test2json, libtest JSON, pytest's report log, Dart JSON): the input
/// is written to a scratch file and imported through `import`'s own entry point, in the format named.
enum LineStreamFuzzing {
    static func run(_ input: UnsafeRawBufferPointer, format: ImportFormat) {
        guard let file = ScratchInput.write(input, named: "input.\(format.rawValue)") else { return }
        let sink = InMemoryResults()
        guard let run = try? sink.beginRun(RunRecord(producer: "fuzz", source: "fuzz")) else { return }
        _ = try? ResultImporter(sink: sink, runIndex: run).importFile(file.path, format: format)
    }
}
