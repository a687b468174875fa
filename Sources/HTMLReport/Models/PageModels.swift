import ResultModel

/// View models: one struct per template, holding only display-ready strings, numbers and flags. Fields whose
/// names end in `HTML` hold markup built by our own escaping code; every other field is escaped by the template.

/// Fields every page's header and footer read.
struct PageChrome {
    var title: String
    var reportTitle: String
    var csp: String
    var root: String
    var generator: String
    var stylesHTML: String?
    var scriptHTML: String?
    // Overview and shell (issue 22, item 1): the sticky header's verdict and counts.
    /// The run's verdict and counts for the sticky header; `nil` when the page is written before they are known
    /// (test pages of a source without stored totals), and then the header links to the lists without numbers.
    var summary: HeaderSummaryModel? = nil
    /// Whether the page shows the report's sticky header, which links to the report's lists: not on pages outside
    /// a report folder (the compare page, a snapshot document) nor in a single-file report.
    var hasNavigation = true
    /// Whether the page runs the report's script (`scriptHTML` inline, else `assets/report.js`).
    var hasScript = true
    /// Where the sticky header's links lead (``LinkStyle``): the overview and the lists' first pages.
    var indexHref = ""
    var failedHref = ""
    var skippedHref = ""
    var allTestsHref = ""
    /// The coverage page, when the report has coverage.
    var coverageHref: String? = nil
}

struct LinkModel {
    var label: String
    var href: String
}

struct CountModel {
    var label: String
    /// The count, its thousands grouped (``ResultSupport/NumberText/count(_:)``).
    var value: String
    var status: String
    var href: String
}

struct FactModel {
    var label: String
    var value: String
}

struct RunModel {
    var name: String
    var facts: [FactModel]
    var ciURL: String?
    var ciText: String?
}

struct FailureModel {
    var name: String
    var href: String
    /// The status as its CSS class and filter name (`timedOut`).
    var status: String
    /// The status in plain English (`timed out`).
    var statusText: String = ""
    var message: String
    var location: String?
    /// The history's label (`new failure`, `failing for 5 runs since …`), with `report --history`.
    var label: String? = nil
    /// Where the test is: `run › module › suite` (the run names its configuration in a merged report).
    var place: String = ""
    /// The id of the failure's cause, when it has one (``FailureCauses``).
    var causeID: String? = nil
    /// The link to its cause on the index when the causes section shows it; the message is then shown there once.
    var causeHref: String? = nil
}

/// A failure cause on the index (``FailureCauses``): its count, its message once, where it spans and its first tests.
struct CauseModel {
    /// The cause's anchor (`cause-<id>`).
    var anchor: String
    /// `500 failures`.
    var countText: String
    var message: String
    var location: String?
    /// The modules and suites it spans, joined for reading.
    var spans: String
    var tests: [CauseTestModel]
    /// `490 more in the failed list`, when the cause has more tests than linked.
    var moreTests: String?
    /// Where the failed list shows the cause's tests.
    var failedHref: String
}

/// A test behind a cause on the index.
struct CauseTestModel {
    var name: String
    var href: String
    var place: String
}

struct RowModel {
    var name: String
    var href: String
    var status: String
    /// The status in plain English (`timed out`), the word beside its icon (``status`` is its CSS class).
    var statusText: String { ReportFormatting.statusWords(TestStatus(rawValue: status) ?? .unknown) }
    var duration: String
}

struct PerformanceModel {
    var name: String
    var href: String
    var metric: String
    var average: String
    /// The change against the baseline (`+12.5% worse`), empty without a baseline.
    var change: String
    var verdictText: String
    var verdictClass: String
    /// Whether the verdict is a failure (failures are listed first).
    var isFailure: Bool
}

// Overview and shell (issue 22, item 1): header summary and the module › suite › test tree.

/// The verdict and the counts every page's sticky header shows (``HeaderSummary``).
struct HeaderSummaryModel {
    /// `Passed`, `Failed` or `No tests`.
    var verdict: String
    /// The verdict's status class (`passed`, `failed`, `unknown`).
    var verdictStatus: String
    /// Counts by status, each linking to its list from the page that shows them (``LinkStyle``).
    var counts: [CountModel]
}

/// A test in the index's tree.
struct TreeLeafModel {
    var name: String
    var href: String
    var status: String
    /// The status in plain English (`timed out`), the word beside its icon (``status`` is its CSS class).
    var statusText: String { ReportFormatting.statusWords(TestStatus(rawValue: status) ?? .unknown) }
    var duration: String
}

/// A suite in the index's tree: counts, total duration, its place in the all-tests list, and its tests in small
/// reports.
struct TreeSuiteModel {
    var name: String
    var href: String
    /// `12 tests` or `1 test`.
    var totalText: String
    var failed: Int
    var skipped: Int
    /// Flags for the template (a missing or `nil` field would be looked up in the enclosing node instead).
    var hasFailed: Bool
    var hasSkipped: Bool
    var duration: String
    /// Open by default: the suite has failures.
    var isOpen: Bool
    var tests: [TreeLeafModel]
    var hasTests: Bool
}

/// A module in the index's tree.
struct TreeModuleModel {
    var name: String
    /// `12 tests` or `1 test`.
    var totalText: String
    var failed: Int
    var skipped: Int
    /// Flags for the template (a missing or `nil` field would be looked up in the enclosing node instead).
    var hasFailed: Bool
    var hasSkipped: Bool
    var duration: String
    var isOpen: Bool
    var suites: [TreeSuiteModel]
}

/// `index.mustache`.
struct IndexPageModel: PageModel {
    static let template = "index"
    var chrome: PageChrome
    var verdict: String
    var verdictClass: String
    var summaryLine: String
    var testCount: Int
    /// The search's data; `nil` leaves the search out (the single file has no search data).
    var search: SearchModel?
    var runs: [RunModel]
    /// Failures grouped by cause, largest first, when some cause is shared (``FailureCauses/isWorthShowing``).
    var causes: [CauseModel]
    var hasCauses: Bool
    /// `12 more causes`, grouped in the failed list.
    var moreCauses: String?
    var failures: [FailureModel]
    var hasFailures: Bool
    /// `1,786 more failures`.
    var moreFailures: String?
    var moreFailuresHref: String
    var slowest: [RowModel]
    var performance: [PerformanceModel]
    var hasPerformance: Bool
    /// Modules and suites, with tests while the report has at most ``SuiteTree/testLeafLimit``.
    var tree: [TreeModuleModel]
    /// Whether the tree shows the tests themselves.
    var treeHasTests: Bool
    /// The number of tests above which the tree stops at the suites.
    var treeTestLimit: Int
    var moreSuites: Int?
    /// The proportion of each status as an SVG bar and text (``OverviewCharts``), empty without tests.
    var statusBarHTML: String
    /// The durations' histogram (``OverviewCharts``), empty when no test has a duration.
    var histogramHTML: String
    /// The history's trend charts (``HistoryHTML``), when the report has a history.
    var trendsHTML: String?
    /// How many tests the history finds flaky (the Flaky page lists them).
    var flakyCount: Int
    var hasFlaky: Bool
    /// The configuration matrix's summary (``ConfigurationMatrix``), when the report holds several configurations.
    var matrixHTML: String?
    /// Where the all-tests list's first page and the Flaky page are.
    var allTestsHref: String
    var flakyHref: String
    /// The coverage totals with their bars and a link to the coverage page (``CoveragePages``), when the report has
    /// coverage.
    var coverageHTML: String? = nil
}

struct GroupModel {
    var title: String
    var rowsHTML: String
}

struct PageLinkModel {
    var label: String
    var href: String
    var isCurrent: Bool
    /// A gap (`…`) between page numbers that are not linked from this page.
    var isGap = false

    /// Links from page `page` of `count`: the first and last pages, the three pages on each side of this one, and
    /// gaps between, so every page reaches every other by a few clicks without each page listing them all.
    static func window(page: Int, count: Int, href: (Int) -> String) -> [PageLinkModel] {
        guard count > 1 else { return [] }
        let shown = Set([1, count] + Array(max(1, page - 3)...min(count, page + 3)))
        var links: [PageLinkModel] = []
        var previous = 0
        for number in shown.sorted() {
            if number > previous + 1 {
                links.append(PageLinkModel(label: "…", href: "", isCurrent: false, isGap: true))
            }
            links.append(PageLinkModel(label: "\(number)", href: href(number), isCurrent: number == page))
            previous = number
        }
        return links
    }
}

/// `matrix.mustache`.
struct MatrixPageModel: PageModel {
    static let template = "matrix"
    var chrome: PageChrome
    var heading: String
    var description: String
    var tableHTML: String
}

/// `flaky.mustache`.
struct FlakyPageModel: PageModel {
    static let template = "flaky"
    var chrome: PageChrome
    var heading: String
    var description: String
    var isEmpty: Bool
    var tableHTML: String
}

/// `list.mustache`.
struct ListPageModel: PageModel {
    static let template = "list"
    var chrome: PageChrome
    var heading: String
    var description: String
    var groups: [GroupModel]
    var isEmpty: Bool
    var pages: [PageLinkModel]
    var hasPages: Bool
    /// What the page's own ids start with (``LinkStyle/idPrefix(ofPage:)``).
    var idPrefix = ""
}

struct AttachmentModel {
    /// The attachment's id on the test page (`attempt-2-attachment-3`, after the page's ``TestPageModel/idPrefix``),
    /// for links and the gallery's zoom.
    var id: String
    var name: String
    var mediaType: String
    var size: String
    var href: String
    var isImage: Bool
    /// A text or JSON attachment's first lines, numbered (``TextPreviewHTML``).
    var previewHTML: String?
    var snapshotHTML: String?
}

/// An expected/actual pair of image attachments (``ImageComparisonPairs``): side by side, then their difference,
/// drawn by CSS (the actual image over the expected one with `mix-blend-mode: difference`, so equal pixels are
/// black), and the producer's own diff image when it attached one.
struct ImageComparisonModel {
    /// The comparison's id on the test page (`attempt-1-comparison-1`, after the page's prefix).
    var id: String
    /// `login: expected and actual`.
    var title: String
    var expectedName: String
    var expectedHref: String
    var actualName: String
    var actualHref: String
    var diffName: String?
    var diffHref: String?
}

struct MeasurementModel {
    var name: String
    var unit: String
    var chartHTML: String
    var stats: [FactModel]
    var verdictText: String
    var verdictClass: String
}

struct AttemptModel {
    /// The attempt's number, from 1; its section's id is `attempt-<number>`.
    var number: Int
    var label: String
    var showLabel: Bool
    var status: String
    /// The status in plain English (`timed out`), the word beside its icon (``status`` is its CSS class).
    var statusText: String { ReportFormatting.statusWords(TestStatus(rawValue: status) ?? .unknown) }
    var duration: String
    var reason: String?
    /// The attempt's issues (``IssueHTML``), when it has any.
    var issuesHTML: String?
    var activitiesHTML: String?
    var outputHTML: String?
    var hasAttachments: Bool
    /// Expected/actual pairs among the images, each shown side by side and as a difference.
    var imageComparisons: [ImageComparisonModel]
    /// The image attachments shown inline, as the gallery's thumbnails.
    var images: [AttachmentModel]
    var hasImages: Bool
    /// The other attachments: text and JSON previewed, terminal snapshots drawn, everything downloadable.
    var files: [AttachmentModel]
    var hasFiles: Bool
    var measurements: [MeasurementModel]
    var hasMeasurements: Bool
}

struct CaseModel {
    var arguments: String
    var status: String
    /// The status in plain English (`timed out`), the word beside its icon (``status`` is its CSS class).
    var statusText: String { ReportFormatting.statusWords(TestStatus(rawValue: status) ?? .unknown) }
    /// The case's issues (``IssueHTML``).
    var issuesHTML: String
}

/// `test.mustache`.
struct TestPageModel: PageModel {
    static let template = "test"
    var chrome: PageChrome
    var breadcrumbs: [LinkModel]
    var name: String
    var displayName: String?
    var status: String
    /// The status in plain English (`timed out`), the word beside its icon (``status`` is its CSS class).
    var statusText: String { ReportFormatting.statusWords(TestStatus(rawValue: status) ?? .unknown) }
    var duration: String
    /// The test's `file:line`, relative to the source root, linked to the forge with `--source-url` (escaped).
    var locationHTML: String?
    var cases: [CaseModel]
    var hasCases: Bool
    /// The producer's name-value pairs (a JUnit test case's `<properties>`).
    var properties: [FactModel]
    var hasProperties: Bool
    /// The test's label, recent results and durations from the history (``HistoryHTML``).
    var historyHTML: String?
    var attempts: [AttemptModel]
    /// Where the page itself is, from the page (`x-0123456789abcdef.html`), which the `<h1>` links to.
    var selfHref: String
    /// Where the page is, from the report's root (`tests/x-0123456789abcdef.html`), for `data-permalink`.
    var permalink: String
    /// The attempts as a timeline (``AttemptTimelineHTML``), when there are several.
    var timelineHTML: String?
    /// What the page's own ids start with (``LinkStyle/idPrefix(ofPage:)``): the template's own ids take it there,
    /// the ids built in Swift (attachments, steps) have it already.
    var idPrefix = ""
}

// Search (issue 22, scale): what the index's search script needs to find its shards.
/// The search data of a report (``SearchIndexWriter``), as the index page tells `search.js`.
struct SearchModel {
    /// The keys of the term shards (`search/t-<key>.js`), separated by spaces.
    var shards: String
    /// Tests per all-tests page, to link a result to its row.
    var listPageSize: Int
    /// Tests per page of the failed and skipped lists.
    var statusListPageSize: Int
    /// Tests per record shard (`search/r-<n>.js`).
    var recordBlockSize: Int
    /// Whether the report knows which tests are flaky (`report --history`): the search then offers Flaky beside
    /// the statuses, and `status:flaky`.
    var hasFlakyFilter = false
}

/// `page.mustache`: content we built and escaped ourselves (the compare page, a snapshot document) in the report's
/// page shell (``PageShell``).
struct ShellPageModel: PageModel {
    static let template = "page"
    var chrome: PageChrome
    /// The page's content, from our own escaping code.
    var bodyHTML: String
}

/// The coverage page (``CoveragePages``): totals, and the module › folder › file tree in one order, with links to the
/// same page in the other orders.
struct CoveragePageModel: PageModel {
    static let template = "coverage"
    var chrome: PageChrome
    var heading: String
    /// `Lines, functions and branches of 5,000 files`.
    var description: String
    var totalsHTML: String
    var orders: [PageLinkModel]
    /// Links to the other pages of the tree in this order, when it has several.
    var pages: [PageLinkModel]
    var isPaged: Bool
    var treeHTML: String
    /// Why some files have no page of their own, when some have none.
    var unlinkedNote: String?
}

/// One source file's coverage page (``CoveragePages``): its totals, uncovered stretches, functions and the source
/// annotated.
struct CoverageFilePageModel: PageModel {
    static let template = "coverage_file"
    var chrome: PageChrome
    var path: String
    var totalsHTML: String
    var coverageHref: String
    var hasUncovered: Bool
    /// `3 stretches of uncovered lines`.
    var uncoveredText: String
    var stretchesHTML: String
    /// `and 40 more, each linked from the one before it`, when not all are listed.
    var moreStretches: String?
    /// The function table's rows (``CoverageFunctionsHTML``).
    var functionsHTML: String
    var hasFunctions: Bool
    var sourceHTML: String
    /// A note that the coverage names lines past the end of the file, when it does.
    var pastEndNote: String?
}
