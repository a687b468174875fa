/// One page of the report as a value: the file it is written to, the template that draws it and the view model
/// the template reads. The generator makes every page as one of these and writes them all through
/// ``ReportFileWriter/write(_:templates:)``; a new page is a new value in ``ReportGenerator``'s page list, not a new
/// way of writing a file.
struct ReportPage {
    /// The page's path inside the report folder (`index.html`, `tests/…`).
    let path: String
    /// The name of the template that draws it (`index`, `list`, `test`, `matrix`).
    let template: String
    /// The view model the template reads.
    let model: any PageModel
    /// A list page's rows, kept in a scratch file until the page is written (``ListPageStreaming``), so that no
    /// list page is held in memory whole; `nil` for every other page.
    let spilledRows: SpilledRows?

    /// A page drawn from `model` alone, by its template.
    init(path: String, model: some PageModel) {
        self.path = path
        template = type(of: model).template
        self.model = model
        spilledRows = nil
    }

    /// A list page whose rows are read back from `spill` as the page is written.
    init(path: String, list model: ListPageModel, rows: GroupedRows, spill: RowSpill) {
        self.path = path
        template = ListPageModel.template
        self.model = model
        spilledRows = SpilledRows(rows: rows, spill: spill)
    }

    /// Rows of a list page and the scratch file that holds them.
    struct SpilledRows {
        let rows: GroupedRows
        let spill: RowSpill
    }
}

/// The view model of a whole page: the root its template reads. Each template of a page has exactly one such struct
/// in PageModels.swift, which names it; the template-field check reads these names to know each template's root.
protocol PageModel {
    /// The template that draws the page (`index` for `index.mustache`).
    static var template: String { get }
}
