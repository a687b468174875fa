import ResultBundle
import ResultImport
import ResultModel

/// The readers of JSON reports (Jest, Mocha, mochawesome, Playwright, RSpec, pytest-json-report, CTRF): one input
/// read as each of them in turn, through `import`'s own entry point, so a document shaped for one format also runs
/// through every other format's expectations.
enum JSONReportFuzzing {
    static let formats: [ImportFormat] = [
        .jestJSON, .mochaJSON, .mochawesome, .playwrightJSON, .rspecJSON, .pytestJSONReport, .ctrf,
    ]

    static func reports(_ input: UnsafeRawBufferPointer) {
        guard let file = ScratchInput.write(input, named: "input.json") else { return }
        for format in formats {
            let sink = InMemoryResults()
            guard let run = try? sink.beginRun(RunRecord(producer: "fuzz", source: "fuzz")) else { return }
            _ = try? ResultImporter(sink: sink, runIndex: run).importFile(file.path, format: format)
        }
    }
}
