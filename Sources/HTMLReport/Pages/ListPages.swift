import Foundation
import ResultModel
import ResultSupport

/// The list pages, filled one test at a time: `all-N.html` (``ReportOptions/testsPerListPage`` tests a page),
/// and the failed and skipped lists (`failed.html`, `failed-2.html`, …; `skipped.html`, `skipped-2.html`, …;
/// ``ReportOptions/testsPerStatusListPage`` tests a page), so no page grows with the run. Rows are built as tests arrive and kept in a ``RowSpill``; the
/// pages are written at the end, when the number of pages is known, from the spill.
struct ListPages {
    let testsPerPage: Int
    /// Tests per page of the failed and skipped lists.
    let testsPerStatusPage: Int
    /// How the rows and the pages' numbers link.
    let links: LinkStyle
    private let spill: RowSpill
    private var allPages: [GroupedRows] = []
    /// The failed list's full pages, and its page being filled, grouped by cause (``CauseGroupedRows``).
    private var failedPages: [GroupedRows] = []
    private var failedPage: CauseGroupedRows?
    private var skippedPages: [GroupedRows] = []
    private var failedCount = 0
    private var skippedCount = 0
    /// The number of tests added.
    private(set) var testCount = 0

    /// Lists whose rows, linked in the style `links`, are kept in a scratch file in `folder` until ``pages(chrome:)``
    /// are written.
    init(testsPerPage: Int, testsPerStatusPage: Int, links: LinkStyle = .files, scratchFolder folder: URL) throws {
        self.testsPerPage = max(1, testsPerPage)
        self.testsPerStatusPage = max(1, testsPerStatusPage)
        self.links = links
        spill = try RowSpill(in: folder)
    }

    /// The most pages of the all-tests list, so that the report's folder stays a folder of a few thousand files:
    /// a larger run's pages hold more tests each (``testsPerPage(preferred:tests:)``).
    static let allTestsPageLimit = 3_000

    /// The tests a page of the all-tests list holds in a report of `tests` tests (nil when not known before the
    /// tests are read): `preferred`, or as many more as keep the list within ``allTestsPageLimit`` pages (3,334 a
    /// page at 10,000,000 tests).
    static func testsPerPage(preferred: Int, tests: Int?) -> Int {
        guard let tests, tests > preferred * allTestsPageLimit else { return preferred }
        return (tests + allTestsPageLimit - 1) / allTestsPageLimit
    }

    /// Where the next test added lands. Stored, and of plain numbers: the report asks for every test from a closure
    /// that holds the lists, and a computed property there copied all of them (a retain and a release per page).
    private(set) var next = NextPages()

    /// The pages the next test added lands on.
    struct NextPages {
        /// The `all-N.html` page.
        var listPage = 1
        fileprivate var failedPage = 1
        fileprivate var skippedPage = 1

        /// The page of the failed or skipped list for a test with `status` (1 for a test in neither list).
        func statusListPage(for status: TestStatus) -> Int {
            if status.isFailure { return failedPage }
            if status == .skipped { return skippedPage }
            return 1
        }
    }

    /// Adds `test`'s row to its all-tests page and, by its status, to the failed or skipped list.
    mutating func add(_ test: TestSummary) throws {
        let spill = spill
        let links = links
        try Self.add(
            test, list: .allTests, to: &allPages, count: &testCount, perPage: testsPerPage, links: links, spill: spill)
        // A failed or skipped test's story is shown in the failed or skipped list; its all-tests row links there.
        if test.status.isFailure {
            if failedCount % testsPerStatusPage == 0 {
                try closeFailedPage()
                failedPage = CauseGroupedRows(
                    idPrefix: links.idPrefix(ofPage: ListPage(list: .failed, number: failedPages.count + 1).file))
            }
            failedPage?.add(test, links: links)
            failedCount += 1
        }
        if test.status == .skipped {
            try Self.add(
                test, list: .byStatus, to: &skippedPages, count: &skippedCount, perPage: testsPerStatusPage,
                links: links, spill: spill)
        }
        next.listPage = testCount / testsPerPage + 1
        next.failedPage = failedCount / testsPerStatusPage + 1
        next.skippedPage = skippedCount / testsPerStatusPage + 1
    }

    /// Adds `test`'s row to the last of `pages`, opening a page every `perPage` rows. Static, so that no copy of
    /// the lists is made while one of them is being changed (a method of `self` would read all of `self`, and
    /// the page array being changed would then be copied for every test).
    private static func add(
        _ test: TestSummary, list: ListPageRows.List, to pages: inout [GroupedRows], count: inout Int, perPage: Int,
        links: LinkStyle, spill: RowSpill
    ) throws {
        if count % perPage == 0 {
            if !pages.isEmpty { try pages[pages.count - 1].close(spill) }
            pages.append(GroupedRows())
        }
        try pages[pages.count - 1].add(test, list: list, links: links, spill: spill)
        count += 1
    }

    /// Spills the failed list's page being filled.
    private mutating func closeFailedPage() throws {
        guard let page = failedPage else { return }
        failedPages.append(try page.spilled(spill))
        failedPage = nil
    }

    /// The failed list's pages, each page's groups titled by their cause's message and ordered largest cause
    /// first; failures without a kept cause last.
    private func failedPagesByCause(_ causes: FailureCauses) -> [GroupedRows] {
        let clusters = causes.countsByID
        return failedPages.map { page in
            var order: [(index: Int, title: String, count: Int)] = []
            for (index, id) in page.titles.enumerated() {
                guard let cluster = clusters[id] else {
                    order.append((index, "Other failures", -1))
                    continue
                }
                let title = Counted.noun(cluster.count, "failure") + ": " + DisplayText.clean(cluster.sampleMessage)
                order.append((index, title, cluster.count))
            }
            order.sort { ($0.count, -$0.index) > ($1.count, -$1.index) }
            return page.regrouped(order.map { ($0.index, $0.title) })
        }
    }

    /// Every list page, in the order the report writes them (all tests, failed, skipped); `chrome` makes the
    /// header and footer fields for a page title. Their rows stay in the scratch file until each page is written;
    /// ``removeScratchFile()`` deletes it afterwards. The failed list is grouped by `causes`.
    mutating func pages(causes: FailureCauses, chrome: (String) -> PageChrome) throws -> [ReportPage] {
        try closeFailedPage()
        let failedPages = failedPagesByCause(causes)
        var pages: [ReportPage] = []
        for (list, heading, allOfThem, total, of, perPage) in [
            (ListPage.List.all, "All tests", allPages, testCount, "grouped by module and suite", testsPerPage),
            (
                .failed, "Failed tests", failedPages, failedCount, "of \(testCount) tests, grouped by cause",
                testsPerStatusPage
            ),
            (.skipped, "Skipped tests", skippedPages, skippedCount, "of \(testCount) tests", testsPerStatusPage),
        ] {
            let name = list.rawValue
            var listPages = allOfThem
            if list != .failed, !listPages.isEmpty { try listPages[listPages.count - 1].flush(spill) }
            let pageCount = max(1, listPages.count)
            for page in 1...pageCount {
                let rows = page <= listPages.count ? listPages[page - 1] : GroupedRows()
                let first = (page - 1) * perPage
                let file = ListPage(list: list, number: page).file
                let numbers = PageLinkModel.window(page: page, count: pageCount) {
                    links.href(toPage: ListPage(list: list, number: $0).file)
                }
                let title = name == "all" || pageCount > 1 ? "\(heading), page \(page) of \(pageCount)" : heading
                let description =
                    name == "all"
                    ? "Page \(page) of \(pageCount): tests \(min(total, first) + 1) to \(first + rows.count) of \(total), \(of)."
                    : pageCount > 1
                        ? "Page \(page) of \(pageCount): \(first + 1) to \(first + rows.count) of \(total) \(name) tests, among \(testCount)."
                        : "\(total) \(of)."
                let model = ListPageModel(
                    chrome: chrome(title), heading: heading, description: description, groups: [],
                    isEmpty: rows.isEmpty, pages: numbers, hasPages: !numbers.isEmpty,
                    idPrefix: links.idPrefix(ofPage: file))
                pages.append(ReportPage(path: file, list: model, rows: rows, spill: spill))
            }
        }
        return pages
    }

    /// Deletes the scratch file of the rows, once every list page is written.
    func removeScratchFile() { spill.remove() }
}
