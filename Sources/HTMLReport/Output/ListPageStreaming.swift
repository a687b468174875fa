import ResultSupport

/// Writes a list page whose rows are in a ``RowSpill``, without building the page in memory: the `list` template
/// is rendered once with two marker groups, and the page is written as the text around them, each group's title
/// and its rows read back from the spill.
enum ListPageStreaming {
    private static let titleMarker = "\u{E000}group-title\u{E000}"
    private static let rowsMarker = "\u{E000}group-rows\u{E000}"

    /// Writes the page through `append`, piece by piece.
    static func write(
        _ model: ListPageModel, template: String, rows: GroupedRows, spill: RowSpill, templates: TemplateSet,
        to append: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        func text(_ text: String) throws {
            var text = text
            try text.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
        }
        guard !rows.titles.isEmpty else { return try text(try templates.render(model, template: template)) }
        var marked = model
        marked.groups = Array(repeating: GroupModel(title: titleMarker, rowsHTML: rowsMarker), count: 2)
        let parts = try pieces(of: try templates.render(marked, template: template))
        try text(parts.beforeFirstGroup)
        for (number, title) in rows.titles.enumerated() {
            if number > 0 { try text(parts.betweenGroups) }
            try text(HTMLEscaping.escape(title))
            try text(parts.betweenTitleAndRows)
            for piece in rows.pieces[number] { try spill.read(piece, append) }
        }
        try text(parts.afterLastGroup)
    }

    /// The page's text around its groups' titles and rows.
    private static func pieces(of html: String) throws -> (
        beforeFirstGroup: String, betweenTitleAndRows: String, betweenGroups: String, afterLastGroup: String
    ) {
        var parts: [String] = []
        var rest = Substring(html)
        for marker in [titleMarker, rowsMarker, titleMarker, rowsMarker] {
            guard let range = rest.range(of: marker) else {
                throw ReportError(.template, "the list template does not show each group's title and rows once")
            }
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        guard parts[1] == parts[3] else {
            throw ReportError(.template, "the list template does not show every group the same way")
        }
        return (parts[0], parts[1], parts[2], String(rest))
    }
}
