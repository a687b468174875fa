import Foundation
import ResultModel

extension ImportFormat {
    /// An Allure 2 results folder (`*-result.json`, `*-container.json` and the attachment files beside them).
    public static let allure = ImportFormat(declared: "allure")
}

/// Allure 2 results folders, as allure-pytest, allure-java, allure-js and the other Allure adapters write them.
struct AllureFormat: ResultFormat {
    var name: ImportFormat { .allure }
    var summary: String { "Allure 2 results folder (*-result.json, *-container.json, attachments), any Allure adapter" }
    var readsFolders: Bool { true }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.folderEntries?.contains { $0.hasSuffix(AllureFolderReader.resultSuffix) } ?? false
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        guard case .folder(let folder) = input else {
            throw ImportError(
                .unsupported, "Allure results are a folder of *-result.json files, not one file",
                file: context.fileName)
        }
        return try AllureFolderReader(folder: folder, context: context).run()
    }
}
