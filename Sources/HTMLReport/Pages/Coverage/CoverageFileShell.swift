import Foundation
import ResultSupport

/// The page shell of the coverage file pages (`header` and `footer`), drawn by the templates once for all of them.
///
/// Every file page wears the same shell but for its title, and a project has thousands of file pages: drawing the
/// shell's forty fields through the template engine for each page was a third of the pages' time. The shell is
/// drawn once with a marker for the title and cut around it; each page then writes the pieces with its own title
/// escaped between them, and only its own content goes through the engine (the templates without their shell, as
/// the single-file report draws its sections, ``TemplateSet/withoutPageShell()``). A template that shows the title
/// several times, or not at all, is cut at each place it does.
struct CoverageFileShell {
    /// The shell's start (through `<main>`) and end (from `</main>`), each cut where the title goes.
    private let start: [String]
    private let end: [String]
    /// The templates drawing a page's content without the shell.
    private let content: TemplateSet

    /// The shell of `chrome` (whose title is ignored), drawn by `templates`.
    init(chrome: PageChrome, templates: TemplateSet) throws {
        // Control characters and a fresh identifier: nothing a report shows (escaped text, our markup) holds it.
        let marker = "\u{1}title-\(UUID().uuidString)\u{1}"
        var chrome = chrome
        chrome.title = marker
        let (start, end) = try PageShell.pieces(chrome, templates: templates)
        self.start = start.components(separatedBy: marker)
        // The pieces' end starts a line for content that does not end one; the page's content ends its last line
        // (the template's `{{> footer}}` stands on a line of its own).
        self.end = (end.hasPrefix("\n") ? String(end.dropFirst()) : end).components(separatedBy: marker)
        content = try templates.withoutPageShell()
    }

    /// Writes the page of `model`, titled `title`, through `append`: the shell's start, the content drawn by
    /// `template`, the shell's end.
    func write(
        _ model: some PageModel, title: String, to append: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var escapedTitle = OutputBuffer(capacity: title.utf8.count + 16)
        escapedTitle.appendEscapedHTML(title)
        let page = try content.render(model, template: type(of: model).template)
        var html = OutputBuffer(capacity: page.utf8.count + 16 << 10)
        Self.join(start, title: escapedTitle, into: &html)
        html.appendTrusted(page)
        Self.join(end, title: escapedTitle, into: &html)
        try html.bytes.withUnsafeBytes { try append($0) }
    }

    private static func join(_ pieces: [String], title: OutputBuffer, into html: inout OutputBuffer) {
        for (index, piece) in pieces.enumerated() {
            if index > 0 { html.append(title) }
            html.appendTrusted(piece)
        }
    }
}
