import Foundation
import ResultModel

/// The list pages, filled one test at a time: `all-N.html` (``ReportOptions/testsPerListPage`` tests a page),
/// `failed.html` and `skipped.html`. Rows are built as tests arrive and kept in a ``RowSpill``; the pages are
/// written at the end, when the number of pages is known, from the spill.
struct ListPages {
    let testsPerPage: Int
    private let spill: RowSpill
    private var allPages: [GroupedRows] = []
    private var failed = GroupedRows()
    private var skipped = GroupedRows()
    /// The number of tests added.
    private(set) var testCount = 0

    /// Lists whose rows are kept in a scratch file in `folder` until ``write(templates:files:chrome:)``.
    init(testsPerPage: Int, scratchFolder folder: URL) throws {
        self.testsPerPage = max(1, testsPerPage)
        spill = try RowSpill(in: folder)
    }

    /// The `all-N.html` page the next test added lands on.
    var nextListPage: Int { testCount / testsPerPage + 1 }

    /// Adds `test`'s row to its all-tests page and, by its status, to the failed or skipped list.
    mutating func add(_ test: TestSummary) throws {
        if testCount % testsPerPage == 0 {
            if !allPages.isEmpty { try allPages[allPages.count - 1].flush(spill) }
            allPages.append(GroupedRows())
        }
        try allPages[allPages.count - 1].add(test, spill: spill)
        // A failed or skipped test's story is shown in the failed or skipped list; its all-tests row links there.
        if test.status.isFailure { try failed.add(test, list: .byStatus, spill: spill) }
        if test.status == .skipped { try skipped.add(test, list: .byStatus, spill: spill) }
        testCount += 1
    }

    /// Renders and writes every list page; `chrome` makes the header and footer fields for a page title.
    mutating func write(templates: TemplateSet, files: ReportFileWriter, chrome: (String) -> PageChrome) throws {
        defer { spill.remove() }
        if !allPages.isEmpty { try allPages[allPages.count - 1].flush(spill) }
        try failed.flush(spill)
        try skipped.flush(spill)
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
                groups: [], isEmpty: rows.isEmpty, pages: links, hasPages: !links.isEmpty)
            try ListPageStreaming.write(
                model, rows: rows, spill: spill, templates: templates, files: files, to: "all-\(page).html")
        }
        for (path, heading, rows) in [
            ("failed.html", "Failed tests", failed), ("skipped.html", "Skipped tests", skipped),
        ] {
            let model = ListPageModel(
                chrome: chrome(heading), heading: heading, description: "\(rows.count) of \(testCount) tests.",
                groups: [], isEmpty: rows.isEmpty, pages: [], hasPages: false)
            try ListPageStreaming.write(model, rows: rows, spill: spill, templates: templates, files: files, to: path)
        }
    }
}
