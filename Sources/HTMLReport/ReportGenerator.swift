import Foundation
import ResultModel

/// Writes a static HTML report of one or more result sources into a folder: `index.html`, one page per test
/// that has something to show (the others are rows with stable anchors in the list pages), `failed.html`,
/// `skipped.html`, `all-N.html`, search data and assets.
///
/// Tests are read once, one at a time: each test's page is written as the test is read, and only a short
/// summary of it is kept for the index and the lists.
public struct ReportGenerator {
    /// The options.
    public let options: ReportOptions

    /// Creates a generator.
    public init(options: ReportOptions) { self.options = options }

    /// The Content-Security-Policy every page declares: nothing from the network, scripts and styles from the
    /// report's own files only.
    public static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'"

    /// Writes the report: a folder, or with ``ReportOptions/singleFile`` one HTML file at `outputDirectory`.
    public func generate(from sources: [any ResultSource]) throws -> ReportSummary {
        guard options.singleFile else { return try generateFolder(from: sources, into: options.outputDirectory) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "resultbundle-single-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var summary = try generateFolder(from: sources, into: scratch)
        let templates = try TemplateSet(overrides: options.templatesDirectory)
        let folded = try SingleFileReport.fold(
            folder: scratch, into: options.outputDirectory, title: options.title, stylesheet: templates.stylesheet,
            script: templates.script)
        summary.filesWritten = 1
        summary.bytesWritten = Int64(folded.bytes)
        summary.indexBytes = folded.bytes
        summary.warnings += folded.warnings
        return summary
    }

    private func generateFolder(from sources: [any ResultSource], into folder: URL) throws -> ReportSummary {
        let templates = try TemplateSet(overrides: options.templatesDirectory)
        let files = try ReportFileWriter(root: folder)
        let excerpt = SourceExcerpt(root: options.sourceRoot)
        var summaries: [TestSummary] = []
        var totals = ResultTotals()
        var performance: [PerformanceModel] = []
        var runModels: [RunModel] = []
        let perPage = max(1, options.testsPerListPage)

        for (sourceIndex, source) in sources.enumerated() {
            let runNames = Dictionary(
                uniqueKeysWithValues: source.runs.map {
                    ($0.index, Self.runName($0, sourceIndex: sourceIndex, count: sources.count))
                })
            let multipleRuns = sources.count > 1 || source.runs.count > 1
            runModels += source.runs.map { RunModelBuilder.model($0, name: runNames[$0.index] ?? "run") }
            let pages = TestPageBuilder(source: source, files: files, excerpt: excerpt, runName: nil)
            // Consecutive tests nearly always share their group (module and suites): build its title once.
            var lastGroup: (module: String?, suites: [String], runIndex: Int, key: String)?
            try source.forEachTest { test in
                totals.add(test)
                let runKey = sourceIndex * 10_000 + test.runIndex
                let runName = multipleRuns ? runNames[test.runIndex] : nil
                let href = ReportPaths.testPage(id: test.id, runIndex: runKey)
                let listPage = summaries.count / perPage + 1
                let hasPage = TestSummary.needsPage(test)
                let failure = test.status.isFailure ? Self.firstFailure(test) : nil
                let groupKey: String
                if let lastGroup, lastGroup.runIndex == test.runIndex, lastGroup.module == test.identity.module,
                    lastGroup.suites == test.identity.suites
                {
                    groupKey = lastGroup.key
                } else {
                    groupKey = DisplayText.clean(TestSummary.groupKey(test, runName: runName))
                    lastGroup = (test.identity.module, test.identity.suites, test.runIndex, groupKey)
                }
                summaries.append(
                    TestSummary(
                        name: DisplayText.clean(ReportFormatting.testName(test)),
                        groupKey: groupKey,
                        status: test.status, duration: test.duration, href: href,
                        anchor: ReportPaths.anchor(id: test.id, runIndex: runKey), listPage: listPage,
                        hasPage: hasPage,
                        failureMessage: DisplayText.clean(
                            failure?.message ?? (test.status == .passed ? nil : test.finalAttempt?.statusReason)),
                        failureLocation: DisplayText.clean(failure?.location?.description)))
                for measurement in test.attempts.last?.measurements ?? [] {
                    let verdict = measurement.verdict
                    performance.append(
                        PerformanceModel(
                            name: DisplayText.clean(ReportFormatting.testName(test)),
                            href: hasPage ? href : "all-\(listPage).html",
                            metric: DisplayText.clean("\(measurement.name) (\(measurement.unit))"),
                            average: ReportFormatting.number(measurement.average),
                            verdictText: DisplayText.clean(verdict.reason),
                            verdictClass: verdict.isFailure ? "verdict-fail" : "verdict-pass"))
                }
                guard hasPage else { return }
                let chrome = chrome(
                    title: DisplayText.clean(ReportFormatting.testName(test)), root: "../", templates: templates)
                let model = try pages.model(
                    for: test, chrome: chrome,
                    listHref: "../all-\(listPage).html#\(ReportPaths.anchor(id: test.id, runIndex: runKey))")
                try files.write(try templates.render(model, template: "test"), to: href)
            }
        }

        try writeLists(summaries, templates: templates, files: files, perPage: perPage)
        let chunks = try SearchIndexWriter.write(summaries, to: files)
        let index = IndexPageBuilder.model(
            summaries: summaries, totals: totals, runs: runModels, performance: performance, searchChunks: chunks,
            failuresOnIndex: options.failuresOnIndex,
            chrome: chrome(title: options.title, root: "", templates: templates))
        let indexHTML = try templates.render(index, template: "index")
        try files.write(indexHTML, to: "index.html")
        try files.write(templates.stylesheet, to: "assets/report.css")
        try files.write(templates.script, to: "assets/report.js")
        try files.finish()

        var summary = ReportSummary()
        summary.filesWritten = files.filesWritten
        summary.bytesWritten = files.bytesWritten
        summary.testCount = summaries.count
        summary.indexBytes = indexHTML.utf8.count
        return summary
    }

    private func writeLists(_ summaries: [TestSummary], templates: TemplateSet, files: ReportFileWriter, perPage: Int)
        throws
    {
        let pageCount = max(1, (summaries.count + perPage - 1) / perPage)
        for page in 1...pageCount {
            let slice = summaries[min(summaries.count, (page - 1) * perPage)..<min(summaries.count, page * perPage)]
            let links = PageLinkModel.window(page: page, count: pageCount) { "all-\($0).html" }
            let model = ListPageModel(
                chrome: chrome(title: "All tests, page \(page) of \(pageCount)", root: "", templates: templates),
                heading: "All tests",
                description:
                    "Page \(page) of \(pageCount): tests \(slice.startIndex + 1) to \(slice.endIndex) of \(summaries.count), grouped by module and suite.",
                groups: ListPageRows.groups(slice, root: ""), isEmpty: slice.isEmpty, pages: links,
                hasPages: !links.isEmpty)
            try files.write(try templates.render(model, template: "list"), to: "all-\(page).html")
        }
        let lists: [(String, String, (TestStatus) -> Bool)] = [
            ("failed.html", "Failed tests", { $0.isFailure }),
            ("skipped.html", "Skipped tests", { $0 == .skipped }),
        ]
        for (path, heading, include) in lists {
            let selected = summaries.filter { include($0.status) }
            let model = ListPageModel(
                chrome: chrome(title: heading, root: "", templates: templates),
                heading: heading, description: "\(selected.count) of \(summaries.count) tests.",
                groups: ListPageRows.groups(selected[...], root: ""), isEmpty: selected.isEmpty, pages: [],
                hasPages: false)
            try files.write(try templates.render(model, template: "list"), to: path)
        }
    }

    private func chrome(title: String, root: String, templates: TemplateSet) -> PageChrome {
        PageChrome(
            title: title, reportTitle: options.title, csp: Self.contentSecurityPolicy, root: root,
            generator: options.generator, stylesHTML: nil, scriptHTML: nil)
    }

    static func firstFailure(_ test: TestRecord) -> IssueRecord? {
        let issues = (test.finalAttempt?.allIssues ?? []) + test.cases.flatMap { $0.attempts.last?.allIssues ?? [] }
        return issues.first { $0.kind.isFailure } ?? issues.first
    }

    static func runName(_ run: RunResult, sourceIndex: Int, count: Int) -> String {
        let base = run.record.name ?? "run \(run.index + 1)"
        return count > 1 ? "bundle \(sourceIndex + 1): \(base)" : base
    }
}
