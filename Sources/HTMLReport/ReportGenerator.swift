import Foundation
import ResultModel
import ResultSupport

/// Writes a static HTML report of one or more result sources into a folder: `index.html`, one page per test
/// with more to show than fits in a row (the others are rows with stable anchors in the list pages, showing all
/// they have; see ``RowDetail``), `failed.html`, `skipped.html`, `all-N.html`, search data and assets.
///
/// Tests are read once, one at a time: each test's page is written as the test is read, and its list rows,
/// search entry and index facts are built on the way; only the rows are kept until the end.
public struct ReportGenerator {
    /// The options.
    public let options: ReportOptions

    /// Creates a generator.
    public init(options: ReportOptions) { self.options = options }

    /// The Content-Security-Policy every page declares: nothing from the network, scripts and styles from the
    /// report's own files only.
    public static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'"

    /// Writes the report: a folder, or with ``ReportOptions/singleFile`` one HTML file at `outputDirectory`. Both
    /// are drawn from the same pages, linked in their own style (``LinkStyle``). With `coverage`, the report has
    /// coverage pages (``CoveragePages``), its totals on the index, and failures' source excerpts mark the lines
    /// that ran; its paths are relative to `coverageRoot` (else ``ReportOptions/sourceRoot``), where the sources
    /// are read.
    public func generate(
        from sources: [any ResultSource], coverage: (any CoverageReportSource)? = nil, coverageRoot: URL? = nil
    ) throws -> ReportSummary {
        let coverage = coverage.map { CoverageInput(source: $0, root: coverageRoot ?? options.sourceRoot) }
        let templates = try TemplateSet(overrides: options.templatesDirectory)
        guard options.singleFile else {
            return try generate(
                from: sources, coverage: coverage, templates: templates,
                output: .folder(try ReportFileWriter(root: options.outputDirectory)))
        }
        let scratch: ScratchFolder
        do {
            scratch = try ScratchFolder.make(purpose: "single")
        } catch {
            throw ReportError(
                .io, "cannot create a scratch folder: \(error.reason)", file: error.path, underlying: error)
        }
        defer { scratch.remove() }
        let single = try SingleFileReport(templates: templates, scratchFolder: scratch.url)
        return try generate(
            from: sources, coverage: coverage, templates: templates,
            output: .singleFile(single, scratchFolder: scratch.url))
    }

    /// Draws the report's pages into `output`: each test's page as its test is read, the others from one list at the
    /// end.
    private func generate(
        from sources: [any ResultSource], coverage: CoverageInput?, templates: TemplateSet, output: ReportOutput
    ) throws -> ReportSummary {
        let links = output.links
        let hasCoverage = coverage != nil
        var sourceURL: LinkTemplate?
        if let template = options.sourceURL {
            do {
                sourceURL = try SourceLinks.template(template)
            } catch {
                throw ReportError(
                    .badSourceURL, "--source-url: \(error.message)", byteOffset: Int64(error.byteOffset),
                    underlying: error)
            }
        }
        var summaries = TestSummaryBuilder()
        let knownTotals = Self.storedTotals(sources)
        var lists = try ListPages(
            testsPerPage: ListPages.testsPerPage(preferred: options.testsPerListPage, tests: knownTotals?.tests),
            testsPerStatusPage: options.testsPerStatusListPage, links: links, scratchFolder: output.scratchFolder)
        // The search's data is files that `search.js` loads: the single file has none.
        var search = try output.files.map { try SearchIndexWriter(files: $0) }
        search?.knowsFlakiness = options.history != nil
        var facts = IndexFacts(failuresOnIndex: options.failuresOnIndex, links: links)
        var causes = FailureCauses()
        var totals = ResultTotals()
        var runModels: [RunModel] = []
        // Each run's wall clock, as its end recorded it (format 1.4); the header shows the sum when all are known.
        var runWallClocks: [Double?] = []
        var configurations: [String] = []
        for run in sources.flatMap(\.runs) where !configurations.contains(ConfigurationMatrix.configuration(of: run)) {
            configurations.append(ConfigurationMatrix.configuration(of: run))
        }
        var matrix =
            configurations.count > 1 ? ConfigurationMatrix(configurations: configurations, links: links) : nil
        // Where the Flaky page's names link: the first test of the report each flaky key names.
        var flakyHrefs: [String: String] = [:]

        for (sourceIndex, source) in sources.enumerated() {
            let runNames = Dictionary(
                uniqueKeysWithValues: source.runs.map {
                    (
                        $0.index,
                        Self.runName(
                            $0, sourceIndex: sourceIndex, count: sources.count,
                            historyNumber: source.runs.count == 1 ? options.history?.runNumber : nil)
                    )
                })
            let multipleRuns = sources.count > 1 || source.runs.count > 1
            runModels += source.runs.map { RunModelBuilder.model($0, name: runNames[$0.index] ?? "run") }
            runWallClocks += source.runs.map { $0.end?.wallClock }
            let displays = Dictionary(
                source.runs.map {
                    var display = SourceDisplay(
                        run: $0, sourceRoot: options.sourceRoot, template: sourceURL,
                        readsRecordedFolders: options.readsRecordedSourceFolders)
                    display.coverage = coverage?.source
                    return ($0.index, display)
                }, uniquingKeysWith: { first, _ in first })
            var pages = TestPageBuilder(
                source: source, files: output.files, links: links, displays: displays, runName: nil)
            pages.history = options.history
            let configurationOfRun = Dictionary(
                uniqueKeysWithValues: source.runs.map { ($0.index, ConfigurationMatrix.configuration(of: $0)) })
            try source.forEachTest { test in
                totals.add(test)
                var summary = summaries.summary(
                    of: test, runKey: sourceIndex * 10_000 + test.runIndex,
                    runName: multipleRuns ? runNames[test.runIndex] : nil, listPage: lists.next.listPage,
                    display: displays[test.runIndex] ?? .plain)
                summary.statusListPage = lists.next.statusListPage(for: test.status)
                var isFlaky = false
                if let history = options.history, test.status.isFailure || test.isFlaky || !history.isClean(test.id),
                    let trend = history.trend(test.id)
                {
                    if test.status.isFailure || test.isFlaky { summary.historyLabel = trend.label }
                    if !trend.isClean || test.status.isFailure {
                        summary.historyStripHTML = HistoryHTML.miniStrip(trend)
                    }
                    if let key = history.flakyKey(test.id) {
                        isFlaky = true
                        if flakyHrefs[key] == nil { flakyHrefs[key] = summary.href(links) }
                    }
                }
                let cause = causes.add(test, summary: summary, linkStyle: links)
                summary.causeID = cause?.id
                if let configuration = configurationOfRun[test.runIndex] {
                    matrix?.add(test, summary: summary, configuration: configuration)
                }
                try lists.add(summary)
                try search?.add(
                    summary, identity: test.identity, runKey: sourceIndex * 10_000 + test.runIndex,
                    paths: Self.searchPaths(of: test, display: displays[test.runIndex] ?? .plain),
                    texts: Self.searchTexts(of: test), cause: cause, isFlaky: isFlaky)
                facts.add(summary)
                for measurement in test.attempts.last?.measurements ?? [] {
                    facts.addMeasurement(Self.performanceModel(measurement, of: summary, links: links))
                }
                guard let pagePath = summary.pagePath else { return }
                let model = try pages.model(
                    for: test,
                    chrome: chrome(
                        title: summary.name, root: "../", links: links, coverage: hasCoverage, totals: knownTotals),
                    listHref: links.href(
                        toRow: summary.anchorHash, on: ListPage(list: .all, number: summary.listPage), from: "../"),
                    pagePath: pagePath)
                try output.writeTestPage(ReportPage(path: pagePath, model: model), templates: templates)
            }
        }

        // The coverage's file pages, one file at a time, before the pages that link to them.
        let coverageTree = try coverage.map { coverage in
            try CoveragePages(source: coverage.source, sourceRoot: coverage.root, links: links).writeFilePages(
                into: output.files, templates: templates
            ) { chrome(title: $0, root: $1, links: links, coverage: true, totals: totals) }
        }
        var index = IndexPageBuilder.model(
            facts: facts, causes: causes, totals: totals,
            timing: RunTiming(
                wallClock: runWallClocks.contains(nil) ? nil : runWallClocks.compactMap { $0 }.reduce(0, +),
                summed: totals.duration),
            runs: runModels, testCount: lists.testCount,
            search: try search.map { search in
                var search = search
                return SearchModel(
                    shards: try search.finish().joined(separator: " "), listPageSize: lists.testsPerPage,
                    statusListPageSize: lists.testsPerStatusPage, recordBlockSize: search.blockSize,
                    hasFlakyFilter: search.knowsFlakiness)
            },
            chrome: chrome(title: options.title, root: "", links: links, coverage: hasCoverage, totals: totals),
            history: options.history, matrix: matrix, notRun: TestsNotRun(runs: sources.flatMap(\.runs)))
        // The pages written once every test is read, in the order they are written (each test's page went out as
        // the test was read).
        defer { lists.removeScratchFile() }
        if let coverageTree {
            index.coverageHTML = CoveragePages.indexHTML(
                coverageTree.totals, href: links.href(toPage: CoverageTree.Order.path.page))
        }
        var pages = [ReportPage(path: "index.html", model: index)]
        pages += try lists.pages(causes: causes) {
            chrome(title: $0, root: "", links: links, coverage: hasCoverage, totals: totals)
        }
        if let coverage, let coverageTree {
            // The tree's pages go out one at a time as they are drawn: a million files make hundreds of pages.
            let files = output.files
            try CoveragePages(source: coverage.source, sourceRoot: coverage.root, links: links).writeSummaryPages(
                coverageTree, filesPerPage: options.coverageFilesPerTreePage,
                chrome: { chrome(title: $0, root: "", links: links, coverage: true, totals: totals) }
            ) { page in
                if let files { _ = try files.write(page, templates: templates) } else { pages.append(page) }
            }
        }
        if let matrix {
            let page = MatrixPageModel(
                chrome: chrome(
                    title: "Tests by configuration", root: "", links: links, coverage: hasCoverage, totals: totals),
                heading: "Tests by configuration",
                description: "Each test once, with its status in each of the \(matrix.configurations.count) "
                    + "configurations; tests that fail on some configurations but not on others come first.",
                tableHTML: matrix.tableHTML())
            pages.append(ReportPage(path: "matrix.html", model: page))
        }
        if let history = options.history {
            let flaky = FlakyPageModel(
                chrome: chrome(title: "Flaky tests", root: "", links: links, coverage: hasCoverage, totals: totals),
                heading: "Flaky tests",
                description: "Tests whose results went both ways (passed, failed, then passed again, or the other way "
                    + "round) or that passed only on a retry, in the last \(Counted.noun(history.runs.count, "run")) "
                    + "of the history; most flaky first (flips per run). A test that broke and has failed since is "
                    + "not flaky: it is labelled as failing for that many runs.",
                isEmpty: history.flaky.isEmpty,
                tableHTML: FlakyTableHTML.table(history.flaky, hrefs: flakyHrefs))
            pages.append(ReportPage(path: "flaky.html", model: flaky))
        }
        var summary = ReportSummary()
        summary.testCount = lists.testCount
        switch output {
        case .folder(let files):
            for page in pages {
                let bytes = try files.write(page, templates: templates)
                if page.path == "index.html" { summary.indexBytes = bytes }
            }
            try files.write(templates.stylesheet, to: "assets/report.css")
            try files.write(templates.script, to: "assets/report.js")
            try files.write(templates.searchScript, to: "assets/search.js")
            summary.filesWritten = files.filesWritten
            summary.bytesWritten = files.bytesWritten
        case .singleFile(let single, _):
            let written = try single.write(
                pages,
                shell: chrome(title: options.title, root: "", links: links, coverage: hasCoverage, totals: totals),
                templates: templates, to: options.outputDirectory)
            summary.filesWritten = 1
            summary.bytesWritten = Int64(written.bytes)
            summary.indexBytes = written.bytes
            summary.warnings = written.warnings
        }
        return summary
    }

    /// The tags and properties (names, and values' first 200 characters) a test is found by in the search; no
    /// allocation for the many tests without any.
    private static func searchTexts(of test: TestRecord) -> [String] {
        guard !test.tags.isEmpty || !test.properties.isEmpty else { return [] }
        return test.tags + test.properties.flatMap { [$0.name, String($0.value.prefix(200))] }
    }

    /// The file paths a test is found by in the search: where it is declared and where it first failed, as shown.
    private static func searchPaths(of test: TestRecord, display: SourceDisplay) -> [String] {
        var paths: [String] = []
        if let file = test.location?.file { paths.append(display.shownPath(file)) }
        if test.status.isFailure || test.status == .skipped,
            let file = TestSummaryBuilder.firstFailure(test)?.location?.file
        {
            let shown = display.shownPath(file)
            if !paths.contains(shown) { paths.append(shown) }
        }
        return paths
    }

    private static func performanceModel(
        _ measurement: MeasurementRecord, of test: TestSummary, links: LinkStyle
    ) -> PerformanceModel {
        let verdict = measurement.verdict
        return PerformanceModel(
            name: test.name,
            href: test.hasPage
                ? test.href(links) : links.href(toPage: ListPage(list: .all, number: test.listPage).file),
            metric: DisplayText.clean("\(measurement.name) (\(measurement.unit))"),
            average: ReportFormatting.number(measurement.average),
            change: measurement.percentRegression.map(Self.change) ?? "",
            verdictText: DisplayText.clean(verdict.reason),
            verdictClass: verdict.isFailure ? "verdict-fail" : "verdict-pass",
            isFailure: verdict.isFailure)
    }

    /// A change against the baseline as people read it: `+12.5% worse` or `-3.1% better`.
    static func change(_ percentRegression: Double) -> String {
        let rounded = (percentRegression * 10).rounded() / 10
        guard rounded != 0 else { return "no change" }
        return (rounded > 0 ? "+" : "") + ReportFormatting.number(abs(rounded) * (rounded > 0 ? 1 : -1)) + "% "
            + (rounded > 0 ? "worse" : "better")
    }

    /// The header and footer fields of a page `root` away from the report's root, its links in the style `links`.
    private func chrome(
        title: String, root: String, links: LinkStyle, coverage: Bool = false, totals: ResultTotals? = nil
    ) -> PageChrome {
        var chrome = PageChrome(
            title: title, reportTitle: options.title, csp: Self.contentSecurityPolicy, root: root,
            generator: options.generator, stylesHTML: nil, scriptHTML: nil,
            summary: totals.map { HeaderSummary.model($0, links: links, root: root) })
        chrome.indexHref = links.href(toPage: "index.html", from: root)
        chrome.failedHref = links.href(toPage: ListPage(list: .failed, number: 1).file, from: root)
        chrome.skippedHref = links.href(toPage: ListPage(list: .skipped, number: 1).file, from: root)
        chrome.allTestsHref = links.href(toPage: ListPage(list: .all, number: 1).file, from: root)
        if coverage { chrome.coverageHref = links.href(toPage: CoverageTree.Order.path.page, from: root) }
        return chrome
    }

    /// The totals of all `sources` when every one has them stored (a bundle's index, format 1.2), so that test
    /// pages, written while the tests are read, can show the run's counts in their header.
    static func storedTotals(_ sources: [any ResultSource]) -> ResultTotals? {
        var totals = ResultTotals()
        for source in sources {
            guard let stored = source.storedTotals else { return nil }
            totals.add(stored)
        }
        return totals
    }

    /// A run's name: its own, or `run N` by its place in the bundle, or `run N of the history` by its place in the
    /// history (``ReportHistory/runNumber``) for a report of one bundle's one run.
    static func runName(_ run: RunResult, sourceIndex: Int, count: Int, historyNumber: Int? = nil) -> String {
        let number = count == 1 ? historyNumber.map { "run \($0) of the history" } : nil
        let base = run.record.name ?? number ?? "run \(run.index + 1)"
        return count > 1 ? "bundle \(sourceIndex + 1): \(base)" : base
    }
}

extension ReportGenerator {
    /// The report's stylesheet (the built-in `report.css` or an override's, with the palette classes), for pages
    /// written in the report's style outside a report (`compare -o`).
    public static func stylesheet(templatesDirectory: URL? = nil) throws -> String {
        try TemplateSet(overrides: templatesDirectory).stylesheet
    }
}
