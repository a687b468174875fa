import ResultModel

/// The list pages, filled one test at a time: `all-N.html` (``ReportOptions/testsPerListPage`` tests a page),
/// `failed.html` and `skipped.html`. Rows are built as tests arrive; the pages are rendered at the end, when the
/// number of pages is known.
struct ListPages {
    let testsPerPage: Int
    private var allPages: [GroupedRows] = []
    private var failed = GroupedRows()
    private var skipped = GroupedRows()
    /// The number of tests added.
    private(set) var testCount = 0

    init(testsPerPage: Int) { self.testsPerPage = max(1, testsPerPage) }

    /// The `all-N.html` page the next test added lands on.
    var nextListPage: Int { testCount / testsPerPage + 1 }

    /// Adds `test`'s row to its all-tests page and, by its status, to the failed or skipped list.
    mutating func add(_ test: TestSummary) {
        if testCount % testsPerPage == 0 { allPages.append(GroupedRows()) }
        allPages[allPages.count - 1].add(test)
        if test.status.isFailure { failed.add(test) }
        if test.status == .skipped { skipped.add(test) }
        testCount += 1
    }

    /// Renders and writes every list page; `chrome` makes the header and footer fields for a page title.
    func write(templates: TemplateSet, files: ReportFileWriter, chrome: (String) -> PageChrome) throws {
        let pageCount = max(1, allPages.count)
        for page in 1...pageCount {
            let rows = page <= allPages.count ? allPages[page - 1] : GroupedRows()
            let first = (page - 1) * testsPerPage
            let links = PageLinkModel.window(page: page, count: pageCount) { "all-\($0).html" }
            let model = ListPageModel(
                chrome: chrome("All tests, page \(page) of \(pageCount)"),
                heading: "All tests",
                description:
                    "Page \(page) of \(pageCount): tests \(min(testCount, first) + 1) to \(first + rows.count) of \(testCount), grouped by module and suite.",
                groups: rows.models, isEmpty: rows.isEmpty, pages: links, hasPages: !links.isEmpty)
            try files.write(try templates.render(model, template: "list"), to: "all-\(page).html")
        }
        for (path, heading, rows) in [
            ("failed.html", "Failed tests", failed), ("skipped.html", "Skipped tests", skipped),
        ] {
            let model = ListPageModel(
                chrome: chrome(heading), heading: heading, description: "\(rows.count) of \(testCount) tests.",
                groups: rows.models, isEmpty: rows.isEmpty, pages: [], hasPages: false)
            try files.write(try templates.render(model, template: "list"), to: path)
        }
    }
}
