import Foundation
import ResultModel
import ResultSupport

/// The report's coverage pages: one page per source file with its source annotated, written one file at a time
/// (only that file's coverage and source are in memory), then the coverage page with the module › folder › file
/// tree in each of ``CoverageTree/Order``'s orders, in pages of a few thousand files for a large project, and the
/// totals box of the index.
///
/// A file gets a page only when it has lines, functions or branches and its source is found under the source root
/// (read as source excerpts are, ``SourceFiles``: never outside the root); the tree shows the others' numbers
/// without a link. The single-file report has no file pages (it would hold every source) and one order.
struct CoveragePages {
    /// The largest source file given a page, in bytes.
    static let maxSourceBytes = 8 << 20

    let source: any CoverageReportSource
    /// Where the sources are read from; `nil` writes no file pages.
    let sourceRoot: URL?
    let links: LinkStyle

    /// Writes every file's page into `files` with `templates`, each page's chrome from `chrome(title, root)`, and
    /// returns the tree, its files linked to the pages written. The files are read one at a time; the tree keeps
    /// each one's path and line counts in flat storage (``CoverageFileTable``).
    func writeFilePages(
        into files: ReportFileWriter?, templates: TemplateSet, chrome: (String, String) -> PageChrome
    ) throws -> CoverageTree {
        var table = CoverageFileTable()
        var names = CoveragePageNames()
        let writer = try files.flatMap { files in
            try sourceRoot.map { root in
                let pageChrome = chrome("", "../../")
                return (
                    files: files, reader: SourceFiles(root: root, maxBytes: Self.maxSourceBytes),
                    chrome: pageChrome, shell: try CoverageFileShell(chrome: pageChrome, templates: templates),
                    coverageHref: links.href(toPage: CoverageTree.Order.path.page, from: "../../")
                )
            }
        }
        try readFiles { summary in
            var pageNumber = 0
            if let writer, Self.hasCoverage(summary.totals),
                let data = writer.reader.contents(of: summary.path, matchingTails: false),
                let coverage = try readCoverage(of: summary.path)
            {
                pageNumber = names.pageNumber(for: summary.path)
                let path = CoveragePageNames.pagePath(for: summary.path, number: pageNumber)
                let model = Self.fileModel(
                    coverage, source: data, chrome: writer.chrome, coverageHref: writer.coverageHref)
                try writer.files.write(to: path) { append in
                    try writer.shell.write(model, title: summary.path, to: append)
                }
            }
            table.add(path: summary.path, totals: summary.totals, pageNumber: pageNumber)
        }
        return CoverageTree(table: table)
    }

    /// The most pages of the tree in one order, so that the report's folder stays a folder of a few thousand
    /// files: a larger tree's pages hold more files each.
    static let treePageLimit = 1_000

    /// The files a page of the tree holds in a report of `files` files: `preferred`, or as many more as keep the
    /// tree within ``treePageLimit`` pages.
    static func filesPerPage(preferred: Int, files: Int) -> Int {
        let preferred = max(1, preferred)
        guard files > preferred * treePageLimit else { return preferred }
        return (files + treePageLimit - 1) / treePageLimit
    }

    /// Hands `write` the coverage page in each order (one order in the single file), each in pages of
    /// `filesPerPage` files (``filesPerPage(preferred:files:)``), one page at a time, so that only one page's
    /// markup is held at once.
    func writeSummaryPages(
        _ tree: CoverageTree, filesPerPage preferred: Int, chrome: (String) -> PageChrome,
        write: (ReportPage) throws -> Void
    ) throws {
        let orders: [CoverageTree.Order] = links == .singleFile ? [.path] : CoverageTree.Order.allCases
        let fileCount = tree.fileCount
        let linkedCount = tree.linkedCount
        let perPage = Self.filesPerPage(preferred: preferred, files: fileCount)
        let pageCount = max(1, (fileCount + perPage - 1) / perPage)
        var totals = OutputBuffer(capacity: 1024)
        CoverageBarHTML.totals(tree.totals, to: &totals)
        let noun = Counted.noun(fileCount, "source file")
        for order in orders {
            let positions = tree.positions(in: order)
            for page in 1...pageCount {
                let first = (page - 1) * perPage
                let slice = positions[min(first, positions.count)..<min(first + perPage, positions.count)]
                let model = CoveragePageModel(
                    chrome: chrome(pageCount > 1 ? "Coverage, page \(page) of \(pageCount)" : "Coverage"),
                    heading: "Coverage",
                    description: pageCount > 1
                        ? "Lines, functions and branches that ran, of \(noun). Page \(page) of \(pageCount): files "
                            + "\(NumberText.count(first + 1)) to \(NumberText.count(first + slice.count)), \(order.label)."
                        : "Lines, functions and branches that ran, of \(noun).",
                    totalsHTML: totals.string,
                    orders: orders.count > 1
                        ? orders.map {
                            PageLinkModel(label: $0.label, href: links.href(toPage: $0.page), isCurrent: $0 == order)
                        } : [],
                    pages: PageLinkModel.window(page: page, count: pageCount) { links.href(toPage: order.page($0)) },
                    isPaged: pageCount > 1,
                    treeHTML: CoverageTreeHTML.html(tree, positions: slice, paged: pageCount > 1) {
                        links.href(toPage: $0)
                    },
                    unlinkedNote: linkedCount < fileCount
                        ? Self.unlinkedNote(fileCount - linkedCount, singleFile: links == .singleFile) : nil)
                try write(ReportPage(path: order.page(page), model: model))
            }
        }
    }

    /// The index's coverage box: the totals with their bars and a link to the coverage page.
    static func indexHTML(_ totals: CoverageTotals, href: String) -> String {
        var html = OutputBuffer(capacity: 1024)
        html.append("<section aria-labelledby=\"coverage-heading\" class=\"cov-index\">")
        html.append("<h2 id=\"coverage-heading\">Coverage</h2>")
        CoverageBarHTML.totals(totals, to: &html)
        html.append("<p><a href=\"")
        html.appendEscapedHTML(href)
        html.append("\">Coverage by module, folder and file</a></p></section>")
        return html.string
    }

    /// A file's page model: its source annotated with `coverage`.
    static func fileModel(
        _ coverage: SourceFileCoverage, source: Data, chrome: PageChrome, coverageHref: String
    ) -> CoverageFilePageModel {
        let annotated = CoverageSourceHTML(source: source, coverage: coverage)
        var totals = OutputBuffer(capacity: 1024)
        CoverageBarHTML.totals(coverage.totals, to: &totals)
        let stretches = annotated.uncoveredStretches.count
        let listed = CoverageSourceHTML.listedStretches
        return CoverageFilePageModel(
            chrome: chrome,
            path: DisplayText.clean(coverage.path),
            totalsHTML: totals.string,
            coverageHref: coverageHref,
            hasUncovered: stretches > 0,
            uncoveredText: Counted.noun(
                stretches, "stretch of uncovered lines", plural: "stretches of uncovered lines"),
            stretchesHTML: annotated.stretchListHTML(),
            moreStretches: stretches > listed
                ? "And \(NumberText.count(stretches - listed)) more, each linked from the one before it." : nil,
            functionsHTML: CoverageFunctionsHTML.rows(coverage.functions, lineCount: annotated.lineCount),
            hasFunctions: !coverage.functions.isEmpty,
            sourceHTML: annotated.sourceHTML.string,
            pastEndNote: annotated.linesPastEnd > 0
                ? "The coverage names \(Counted.noun(annotated.linesPastEnd, "line")) past the end of the file's "
                    + "\(Counted.noun(annotated.lineCount, "line")): the file changed since the run." : nil)
    }

    private static func hasCoverage(_ totals: CoverageTotals) -> Bool {
        totals.linesFound > 0 || totals.functionsFound > 0 || totals.branchesFound > 0
    }

    private static func unlinkedNote(_ count: Int, singleFile: Bool) -> String {
        singleFile
            ? "A single-file report shows no sources; write the report as a folder to see each file annotated."
            : "\(Counted.noun(count, "file")) without a link: no lines to show, or the source was not found under "
                + "the source root (--source-root)."
    }

    private func readFiles(_ body: (CoverageReportFile) throws -> Void) throws {
        do {
            try source.forEachCoverageFile(body)
        } catch let error as ReportError {
            throw error
        } catch {
            throw ReportError(.io, "cannot read the coverage: \(error)", underlying: error)
        }
    }

    private func readCoverage(of path: String) throws -> SourceFileCoverage? {
        do {
            return try source.coverage(ofFile: path)
        } catch {
            throw ReportError(.io, "cannot read the coverage of \(path): \(error)", underlying: error)
        }
    }
}
