extension ReportFileWriter {
    /// Renders `page` with `templates` and writes it at its path; returns the bytes written. The one place a page
    /// of the folder report becomes a file.
    @discardableResult
    func write(_ page: ReportPage, templates: TemplateSet) throws -> Int {
        let before = bytesWritten
        try write(to: page.path) { append in try page.render(with: templates, to: append) }
        return Int(bytesWritten - before)
    }
}
