import ContentHashing
import Foundation
import ResultSupport

/// Writes a report as one self-contained HTML file (to email or attach): the report's pages, drawn with the
/// single-file link style (``LinkStyle/singleFile``), each a section of one document in the report's page shell. Links
/// between pages lead to those sections, attachments are `data:` URLs, and the stylesheet and the script are inline
/// (allowed by their hashes in the Content-Security-Policy, so no other inline script can run). The search over all
/// tests needs the folder report's shards and is left out; filtering the lists still works.
///
/// Nothing is read back: each page is rendered once, straight into its section. Test pages are rendered as their
/// tests are read and kept in a scratch file until the end, when the document is written: the pages of the report's
/// list (the index first), then the test pages in the order read.
final class SingleFileReport {
    /// Above this size the single file is slow to open, and a warning says so.
    static let warningBytes = 5 << 20

    /// The report's templates without the page shell: the document wears it once, around all sections.
    private let sections: TemplateSet
    private let spill: RowSpill
    private var testPages: [RowSpill.Piece] = []

    /// A single file drawn by `templates`, keeping its test pages in a scratch file in `folder` until it is written.
    init(templates: TemplateSet, scratchFolder folder: URL) throws {
        sections = try templates.withoutPageShell()
        spill = try RowSpill(in: folder, name: ".test-pages.spill")
    }

    /// Renders a test's page as its section, kept until ``write(_:shell:templates:to:)``.
    func addTestPage(_ page: ReportPage) throws {
        var bytes: [UInt8] = []
        try Self.section(page, templates: sections) { bytes.append(contentsOf: $0) }
        testPages.append(try bytes.withUnsafeBytes { try spill.append($0) })
    }

    /// Writes the document at `file`: the page shell of `shell` (the report's header and footer fields) around the
    /// sections of `pages`, in order, and then of the test pages. Returns its size and the warnings for the user.
    func write(_ pages: [ReportPage], shell: PageChrome, templates: TemplateSet, to file: URL) throws -> (
        bytes: Int, warnings: [String]
    ) {
        let stylesheet = templates.stylesheet
        let script = templates.script
        var chrome = shell
        chrome.csp =
            "default-src 'none'; img-src data:; style-src 'sha256-\(ContentHash.sha256Base64(Data(stylesheet.utf8)))'; "
            + "script-src 'sha256-\(ContentHash.sha256Base64(Data(script.utf8)))'; base-uri 'none'; form-action 'none'"
        chrome.stylesHTML = stylesheet
        chrome.scriptHTML = script
        chrome.hasScript = true
        // Without the sticky header, as the single file has always been; its links go through the link style too,
        // so showing it is this flag alone.
        chrome.hasNavigation = false
        let (start, end) = try PageShell.pieces(chrome, templates: templates)
        let output = try ReportFileWriter(root: file.deletingLastPathComponent())
        try output.write(to: file.lastPathComponent) { append in
            func text(_ text: String) throws {
                var text = text
                try text.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
            }
            try text(start)
            for page in pages { try Self.section(page, templates: sections, to: append) }
            for piece in testPages { try spill.read(piece, append) }
            try text(end)
        }
        spill.remove()
        let bytes = Int(output.bytesWritten)
        var warnings: [String] = []
        if bytes > Self.warningBytes {
            warnings.append(
                "the single-file report is \(NumberText.size(bytes)); browsers open large files slowly, so prefer the folder report above \(NumberText.size(Self.warningBytes))"
            )
        }
        return (bytes, warnings)
    }

    /// Renders `page` as a section of the document, whose id is the page's (``LinkStyle/sectionID(ofPage:)``).
    private static func section(
        _ page: ReportPage, templates: TemplateSet, to append: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var start = "<section class=\"page\" id=\"\(LinkStyle.sectionID(ofPage: page.path))\">\n"
        try start.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
        try page.render(with: templates, to: append)
        var end = "\n</section>\n<hr>\n"
        try end.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
    }
}
