import Foundation
import ResultBundle
import ResultModel
import ResultSupport
import Testing
import _TestSupport

@testable import HTMLReport

/// `--single-file` draws the report's own pages, each a section of one document, with the single-file link style:
/// nothing is read back or rewritten, so whatever the pages hold stays as drawn.
struct SingleFileReportTests {
    static func page(_ path: String, _ bodyHTML: String) -> ReportPage {
        let chrome = PageChrome(
            title: path, reportTitle: "t", csp: "", root: "", generator: "t", stylesHTML: nil, scriptHTML: nil)
        return ReportPage(path: path, model: ShellPageModel(chrome: chrome, bodyHTML: bodyHTML))
    }

    @Test func aPageAddedToTheReportsListIsASection() throws {
        let folder = try TestPaths.makeTemporaryDirectory("single")
        let templates = try TemplateSet(overrides: nil)
        let single = try SingleFileReport(templates: templates, scratchFolder: folder)
        let links = LinkStyle.singleFile
        try single.addTestPage(Self.page("tests/t-1.html", "<h1>one test</h1>"))
        let pages = [
            Self.page("index.html", "<a href=\"\(links.href(toPage: "trends.html"))\">trends</a>"),
            Self.page("trends.html", "<h1>a new page</h1><a href=\"\(links.href(toPage: "tests/t-1.html"))\">t</a>"),
        ]
        let output = folder.appendingPathComponent("single.html")
        let chrome = PageChrome(
            title: "t", reportTitle: "t", csp: "", root: "", generator: "t", stylesHTML: nil, scriptHTML: nil)
        _ = try single.write(pages, shell: chrome, templates: templates, to: output)
        let html = try String(contentsOf: output, encoding: .utf8)
        let index = try #require(html.range(of: "id=\"page-index\""))
        let trends = try #require(html.range(of: "id=\"page-trends\""))
        let test = try #require(html.range(of: "id=\"page-tests-t-1\""))
        #expect(index.lowerBound < trends.lowerBound && trends.lowerBound < test.lowerBound)
        #expect(html.contains("<h1>a new page</h1>") && html.contains("<h1>one test</h1>"))
        #expect(html.contains("href=\"#page-trends\""))
        #expect(html.contains("href=\"#page-tests-t-1\""))
        // One document: one shell around the sections, and no scratch file left beside it.
        #expect(html.components(separatedBy: "<!DOCTYPE html>").count == 2)
        #expect(html.components(separatedBy: "<main id=\"main\"").count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["single.html"])
    }

    @Test func everyPageOfARealReportIsASection() throws {
        let folder = try TestPaths.makeTemporaryDirectory("single-real")
        let memory = try BundleReader(
            url: TestPaths.sampleBundles.appendingPathComponent("v1.2-junit-properties.resultbundle"))
        var options = ReportOptions(outputDirectory: folder.appendingPathComponent("site"))
        _ = try ReportGenerator(options: options).generate(from: [memory])
        let written = try FileManager.default.subpathsOfDirectory(atPath: options.outputDirectory.path)
            .filter { $0.hasSuffix(".html") }
        options.outputDirectory = folder.appendingPathComponent("single.html")
        options.singleFile = true
        _ = try ReportGenerator(options: options).generate(from: [memory])
        let html = try String(contentsOf: options.outputDirectory, encoding: .utf8)
        for page in written {
            #expect(html.contains("id=\"\(LinkStyle.sectionID(ofPage: page))\""), "\(page) is missing")
        }
        // Search data and attachments are files of the folder report; the single file holds none beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["single.html", "site"])
    }
}

/// A single file's links are drawn as fragments, never found in drawn pages and rewritten: text from a bundle that
/// looks like a link stays text, and every link leads to exactly one element of the document.
@Suite struct SingleFileLinkTests {
    /// A message that the old rewrite of `href=`/`src=` in drawn pages turned into a link to nowhere.
    static let linkLikeMessage = #"expected href="failed-2.html" and src="attachments/x.png" in all-1.html#t-x"#

    /// Two configurations (so the matrix page exists), failures and skips over several pages of each list, and the
    /// test-page run with its attempts, steps and attachments.
    static func sources() throws -> [any ResultSource] {
        var sources: [any ResultSource] = []
        for (configuration, statuses) in [
            ("linux", [TestStatus.failed, .passed, .skipped, .failed, .crashed, .passed, .failed, .skipped, .failed]),
            ("macos", [TestStatus.passed, .passed, .skipped, .failed, .passed, .passed, .failed, .passed, .passed]),
        ] {
            let memory = InMemoryResults()
            let run = try memory.beginRun(RunRecord(name: configuration, producer: "t", source: "t"))
            for (number, status) in statuses.enumerated() {
                let issues =
                    status.isFailure ? [IssueRecord(kind: .assertion, message: "\(linkLikeMessage) \(number)")] : []
                try memory.addTest(
                    TestRecord(
                        runIndex: run,
                        identity: TestIdentity(module: "M", suites: ["S"], name: "test\(number) href=all-2.html"),
                        attempts: [TestAttempt(status: status, issues: issues)]))
            }
            sources.append(memory)
        }
        let pages = InMemoryResults()
        try TestPageResults.write(into: pages)
        sources.append(pages)
        return sources
    }

    static func singleFile(_ name: String) throws -> String {
        let folder = try TestPaths.makeTemporaryDirectory(name)
        var options = ReportOptions(outputDirectory: folder.appendingPathComponent("single.html"), singleFile: true)
        options.testsPerListPage = 3
        options.testsPerStatusListPage = 2
        _ = try ReportGenerator(options: options).generate(from: try sources())
        return try String(contentsOf: options.outputDirectory, encoding: .utf8)
    }

    /// The values of `attribute` in the tags of `html`, quoted or not (the list rows leave them unquoted). Text is
    /// escaped, so a tag never starts in it; values hold no `<` or `>`.
    static func values(of attribute: String, in html: String) throws -> [String] {
        let pattern = try Regex(#"\s"# + attribute + #"=(?:"([^"]*)"|([^\s">]+))"#)
        return html.matches(of: /<[A-Za-z][^<>]*>/).flatMap { tag in
            tag.output.matches(of: pattern).map { match in
                String((match.output[1].substring ?? match.output[2].substring) ?? "")
            }
        }
    }

    @Test func textThatLooksLikeALinkStaysText() throws {
        let html = try Self.singleFile("single-text")
        let escaped = HTMLEscaping.escape(Self.linkLikeMessage)
        #expect(html.contains(escaped))
        #expect(html.contains("test0 href=all-2.html</a>"))
        #expect(!html.contains("expected href=\"#"))
    }

    @Test func everyFragmentLeadsToExactlyOneElement() throws {
        let html = try Self.singleFile("single-fragments")
        let ids = try Self.values(of: "id", in: html)
        let counted = Dictionary(ids.map { ($0, 1) }, uniquingKeysWith: +)
        #expect(counted.filter { $0.value > 1 }.isEmpty, "ids used twice: \(counted.filter { $0.value > 1 }.keys)")
        let hrefs = try Self.values(of: "href", in: html)
        // Nothing but fragments, `data:` URLs of attachments and addresses on the web.
        #expect(hrefs.allSatisfy { $0.hasPrefix("#") || $0.hasPrefix("data:") || $0.hasPrefix("https://") }, "\(hrefs)")
        let fragments = hrefs.filter { $0.hasPrefix("#") }.map { String($0.dropFirst()) }
        let targets = try fragments + Self.values(of: "aria-labelledby", in: html) + Self.values(of: "for", in: html)
        for target in Set(targets) { #expect(counted[target] != nil, "#\(target) leads nowhere") }
        // Each kind of place is linked: pages, rows of each list, a test page's attempts and attachments.
        for kind in [
            "page-index", "page-failed-2", "page-matrix", "t-", "page-failed-t-", "page-skipped-t-", "-attempt-2",
        ] {
            #expect(fragments.contains { $0.hasPrefix(kind) || $0.hasSuffix(kind) }, "no link to \(kind)")
        }
        #expect(fragments.contains { $0.contains("-attempt-1-attachment-") })
    }
}

/// Every test page uses the ids `attempt-N`, `attempt-N-attachment-K`; drawn as sections of one document, each
/// page's ids and in-page links get the page's prefix, so a thumbnail zooms its own image and not another test's.
@Suite struct SingleFileReportPageIDTests {
    @Test func eachTestPagesIDsAndInPageLinksAreUniqueInTheFile() throws {
        let folder = try TestPaths.makeTemporaryDirectory("single-ids")
        let memory = InMemoryResults()
        try TestPageResults.write(into: memory)
        var options = ReportOptions(outputDirectory: folder.appendingPathComponent("single.html"))
        options.singleFile = true
        _ = try ReportGenerator(options: options).generate(from: [memory])
        let html = try String(contentsOf: options.outputDirectory, encoding: .utf8)
        // The test pages' ids (the list pages' own ids, such as their filter box's, are not this test's concern).
        let ids = html.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            .filter { $0.hasPrefix("page-tests-") }
        #expect(Set(ids).count == ids.count, "duplicate ids: \(ids.filter { id in ids.filter { $0 == id }.count > 1 })")
        let fragments = html.components(separatedBy: "href=\"#").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            .filter { $0.hasPrefix("page-tests-") }
        #expect(!fragments.isEmpty)
        for fragment in Set(fragments) { #expect(ids.contains(fragment), "#\(fragment) leads nowhere") }
        #expect(ids.contains { $0.hasSuffix("testCheckoutRetried-0cf6ff001da5dbf1-attempt-3-attachment-5") })
    }
}

/// The lists name their own pages, and the link style names rows and pages from them.
@Suite struct ListPageNameTests {
    @Test func theListsNameTheirOwnPages() {
        #expect(ListPage(list: .all, number: 1).file == "all-1.html")
        #expect(ListPage(list: .failed, number: 1).file == "failed.html")
        #expect(ListPage(list: .failed, number: 2).file == "failed-2.html")
        #expect(ListPage(list: .skipped, number: 40).file == "skipped-40.html")
    }

    @Test func eachStyleLinksARowItsOwnWay() {
        let failed = ListPage(list: .failed, number: 2)
        let all = ListPage(list: .all, number: 3)
        let anchor = ReportPaths.anchor(hash: 42)
        #expect(LinkStyle.files.href(toRow: 42, on: failed, from: "../") == "../failed-2.html#\(anchor)")
        #expect(LinkStyle.singleFile.href(toRow: 42, on: failed, from: "../") == "#page-failed-2-\(anchor)")
        #expect(LinkStyle.singleFile.href(toRow: 42, on: all) == "#\(anchor)")
        #expect(LinkStyle.files.href(toPage: "index.html", from: "../") == "../index.html")
        #expect(LinkStyle.singleFile.href(toPage: "tests/x.y-0a.html", from: "../") == "#page-tests-x.y-0a")
    }
}
