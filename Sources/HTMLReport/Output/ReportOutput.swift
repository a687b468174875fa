import Foundation

/// Where a report goes: a folder of pages and the files beside them, or one document. The generator draws the same
/// pages for both and asks this only what differs: how pages link, where files and scratch files go, and what becomes
/// of a test's page as its test is read.
enum ReportOutput {
    /// The folder report: each page a file, attachments, search data and assets beside them.
    case folder(ReportFileWriter)
    /// The single file, and the folder for its scratch files.
    case singleFile(SingleFileReport, scratchFolder: URL)

    /// How the pages link to each other.
    var links: LinkStyle {
        switch self {
        case .folder: .files
        case .singleFile: .singleFile
        }
    }

    /// The report folder, for the files beside the pages; `nil` for the single file, which holds what it shows.
    var files: ReportFileWriter? {
        switch self {
        case .folder(let files): files
        case .singleFile: nil
        }
    }

    /// Where scratch files go while the report is written (list rows kept until their pages are).
    var scratchFolder: URL {
        switch self {
        case .folder(let files): files.root
        case .singleFile(_, let folder): folder
        }
    }

    /// Writes a test's page, as its test is read: its file, or its section kept for the end.
    func writeTestPage(_ page: ReportPage, templates: TemplateSet) throws {
        switch self {
        case .folder(let files): try files.write(page, templates: templates)
        case .singleFile(let single, _): try single.addTestPage(page)
        }
    }
}
