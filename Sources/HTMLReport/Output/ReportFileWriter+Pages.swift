extension ReportFileWriter {
    /// Renders `page` with `templates` and writes it at its path; returns the bytes written. The one place a page
    /// of the report becomes a file.
    @discardableResult
    func write(_ page: ReportPage, templates: TemplateSet) throws -> Int {
        let before = bytesWritten
        if let spilled = page.spilledRows, let model = page.model as? ListPageModel {
            try ListPageStreaming.write(
                model, template: page.template, rows: spilled.rows, spill: spilled.spill, templates: templates,
                files: self, to: page.path)
        } else {
            try write(try templates.render(page.model, template: page.template), to: page.path)
        }
        return Int(bytesWritten - before)
    }
}
