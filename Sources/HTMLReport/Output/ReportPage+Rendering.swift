extension ReportPage {
    /// Renders the page with `templates` and hands its bytes to `append`, in pieces: a list page's rows are read
    /// back from their scratch file as they are written (``ListPageStreaming``), so that no list page is held in
    /// memory whole. The one place a page's model becomes markup, for a file of the folder and for a section of the
    /// single file alike.
    func render(with templates: TemplateSet, to append: (UnsafeRawBufferPointer) throws -> Void) throws {
        if let spilled = spilledRows, let list = model as? ListPageModel {
            try ListPageStreaming.write(
                list, template: template, rows: spilled.rows, spill: spilled.spill, templates: templates, to: append)
        } else {
            var html = try templates.render(model, template: template)
            try html.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
        }
    }
}
