import Foundation
import ResultModel
import ResultSupport

/// The report's coverage pages: one page per source file with its source annotated, written one file at a time
/// (only that file's coverage and source are in memory), then the coverage page with the module › folder › file
/// tree in each of ``CoverageTree/Order``'s orders, and the totals box of the index.
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
    /// returns the tree, its files linked to the pages written.
    func writeFilePages(
        into files: ReportFileWriter?, templates: TemplateSet, chrome: (String, String) -> PageChrome
    ) throws -> CoverageTree {
        let summaries = try readFiles()
        var pages: [String: String] = [:]
        if let files, let sourceRoot {
            let reader = SourceFiles(root: sourceRoot, maxBytes: Self.maxSourceBytes)
            var names = CoveragePageNames()
            let pageChrome = chrome("", "../../")
            let shell = try CoverageFileShell(chrome: pageChrome, templates: templates)
            let coverageHref = links.href(toPage: CoverageTree.Order.path.page, from: "../../")
            for summary in summaries where Self.hasCoverage(summary.totals) {
                guard let data = reader.contents(of: summary.path, matchingTails: false),
                    let coverage = try readCoverage(of: summary.path)
                else { continue }
                let path = names.pagePath(for: summary.path)
                let model = Self.fileModel(coverage, source: data, chrome: pageChrome, coverageHref: coverageHref)
                try files.write(to: path) { append in try shell.write(model, title: summary.path, to: append) }
                pages[summary.path] = path
            }
        }
        return CoverageTree(files: summaries, pages: pages)
    }

    /// The coverage page in each order (one order in the single file), for the report's page list.
    func summaryPages(_ tree: CoverageTree, chrome: (String) -> PageChrome) -> [ReportPage] {
        let orders: [CoverageTree.Order] = links == .singleFile ? [.path] : CoverageTree.Order.allCases
        let fileCount = tree.modules.reduce(0) { $0 + $1.folders.reduce(0) { $0 + $1.files.count } }
        let linkedCount = tree.modules.reduce(0) {
            $0 + $1.folders.reduce(0) { $0 + $1.files.count { $0.page != nil } }
        }
        var totals = OutputBuffer(capacity: 1024)
        CoverageBarHTML.totals(tree.totals, to: &totals)
        return orders.map { order in
            let model = CoveragePageModel(
                chrome: chrome("Coverage"),
                heading: "Coverage",
                description: "Lines, functions and branches that ran, of \(Counted.noun(fileCount, "source file")).",
                totalsHTML: totals.string,
                orders: orders.count > 1
                    ? orders.map {
                        PageLinkModel(label: $0.label, href: links.href(toPage: $0.page), isCurrent: $0 == order)
                    } : [],
                treeHTML: CoverageTreeHTML.html(tree.sorted(by: order)) { links.href(toPage: $0) },
                unlinkedNote: linkedCount < fileCount
                    ? Self.unlinkedNote(fileCount - linkedCount, singleFile: links == .singleFile) : nil)
            return ReportPage(path: order.page, model: model)
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

    private func readFiles() throws -> [CoverageReportFile] {
        do {
            return try source.coverageFiles()
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
