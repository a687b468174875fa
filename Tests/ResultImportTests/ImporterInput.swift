import Foundation
import ResultModel
import _TestSupport

@testable import ResultImport

/// A file holding some text in a new temporary folder, opened, and a context that writes one run of a new
/// ``BytesCountingSink`` for it: the input of an importer's own `run(prefix:descriptor:)`.
struct ImporterInput {
    let sink = BytesCountingSink()
    let context: ImportContext
    let descriptor: Int32

    init(_ text: String, name: String) throws {
        let path = try TestPaths.makeTemporaryDirectory("importer-input").appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        context = ImportContext(
            sink: sink, runIndex: try sink.beginRun(RunRecord(producer: "tests", source: "import")))
        context.fileName = name
        context.path = path
        descriptor = open(path, O_RDONLY)
    }

    func closeFile() { close(descriptor) }
}
