import Foundation
import ResultBundle
import ResultImport
import ResultModel
import _TestSupport

/// Imports files into memory, the way `resultbundle import` does into a bundle.
enum ImportHarness {
    struct Result {
        var results: InMemoryResults
        var outcomes: [ResultImporter.FileOutcome]
        var totals: ResultTotals { results.tests.reduce(into: ResultTotals()) { $0.add($1) } }
    }

    static func run(_ paths: [String], format: ImportFormat = .auto, ignoringSwiftTestingConsole: Bool = false) throws
        -> Result
    {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "tests", source: "import"))
        let importer = ResultImporter(sink: results, runIndex: run)
        importer.ignoresSwiftTestingConsole = ignoringSwiftTestingConsole
        // As `import` does: an input with several configurations gets a run for each.
        importer.beginConfigurationRun = { name in
            try results.beginRun(RunRecord(name: name, producer: "tests", source: "import"))
        }
        let outcomes = try paths.map { try importer.importFile($0, format: format) }
        for configuration in importer.configurationRuns { try results.endRun(configuration.index, RunEnd()) }
        return Result(results: results, outcomes: outcomes)
    }

    static func run(text: String, name: String = "input.log") throws -> Result {
        let directory = try TestPaths.makeTemporaryDirectory("import")
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return try run([url.path])
    }

    static func corpus(_ relative: String) -> String {
        TestPaths.corpus.appendingPathComponent(relative).path
    }
}

/// Collects records in memory, and the ids of the tests that arrived as bytes (``ResultSink/addPassedTest(_:)``).
final class BytesCountingSink: ResultSink {
    let results = InMemoryResults()
    private(set) var passedFromBytes: [String] = []

    func beginRun(_ run: RunRecord) throws -> Int { try results.beginRun(run) }
    func addSuite(_ suite: SuiteRecord) throws { try results.addSuite(suite) }
    func addTest(_ test: consuming TestRecord) throws { try results.addTest(test) }
    func addPassedTest(_ test: PassedTestText) throws {
        passedFromBytes.append(test.record.id)
        try results.addTest(test.record)
    }
    func storeBlob(_ data: Data) throws -> BlobReference { try results.storeBlob(data) }
    func storeBlob(contentsOf file: URL) throws -> BlobReference { try results.storeBlob(contentsOf: file) }
    func endRun(_ runIndex: Int, _ end: RunEnd) throws { try results.endRun(runIndex, end) }
}

/// A source location of the model (Testing has its own `SourceLocation`).
typealias Place = ResultModel.SourceLocation
