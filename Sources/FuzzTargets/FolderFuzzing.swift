import Foundation
import ResultBundle
import ResultImport
import ResultModel

/// Targets for the readers that take a folder: the input becomes the one file of a scratch folder that the format
/// reads, and the folder is imported through `import`'s own entry point.
enum FolderFuzzing {
    /// An Allure results folder whose one result file holds the input (with a container naming that result, so
    /// fixtures are read too).
    static func allure(_ input: UnsafeRawBufferPointer) {
        guard let folder = ScratchInput.subfolder(named: "allure-results") else { return }
        let container = #"{"uuid":"c","children":["fuzz"],"befores":[{"name":"setup","status":"broken"}]}"#
        do {
            try Data(input).write(to: folder.appendingPathComponent("fuzz-result.json"))
            try Data(container.utf8).write(to: folder.appendingPathComponent("c-container.json"))
        } catch {
            return
        }
        importFolder(folder, as: .allure)
    }

    /// An `.xcresult` bundle whose `database.sqlite3` is the input: SQLite's own reading of a damaged file, then
    /// every query of the reader over whatever tables and values it holds.
    static func xcresult(_ input: UnsafeRawBufferPointer) {
        guard let bundle = ScratchInput.subfolder(named: "input.xcresult") else { return }
        do {
            try Data(input).write(to: bundle.appendingPathComponent("database.sqlite3"))
        } catch {
            return
        }
        importFolder(bundle, as: .xcresult)
    }

    private static func importFolder(_ folder: URL, as format: ImportFormat) {
        let sink = InMemoryResults()
        guard let run = try? sink.beginRun(RunRecord(producer: "fuzz", source: "fuzz")) else { return }
        _ = try? ResultImporter(sink: sink, runIndex: run).importFile(folder.path, format: format)
    }
}
