import Foundation
import ResultImport
import ResultModel
import _TestSupport

extension ImportHarness {
    /// Imports `text` as a file named `name`, in `format` (detected when `auto`).
    static func run(text: String, name: String, format: ImportFormat) throws -> Result {
        try run(bytes: Array(text.utf8), name: name, format: format)
    }

    /// Imports `bytes` as a file named `name`, in `format`.
    static func run(bytes: [UInt8], name: String, format: ImportFormat) throws -> Result {
        let directory = try TestPaths.makeTemporaryDirectory("line-stream")
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return try run([url.path], format: format)
    }
}

extension ImportHarness.Result {
    /// The test whose id is `id`.
    func test(_ id: String) -> TestRecord? { results.tests.first { $0.id == id } }
    /// The diagnostics of severity `severity`.
    func diagnostics(_ severity: Diagnostic.Severity) -> [Diagnostic] {
        outcomes.flatMap(\.diagnostics).filter { $0.severity == severity }
    }
}
