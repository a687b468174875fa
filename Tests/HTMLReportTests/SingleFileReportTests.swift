import Foundation
import ResultBundle
import Testing
import _TestSupport

@testable import HTMLReport

/// `--single-file` folds the pages the report wrote, whatever they are.
struct SingleFileReportTests {
    static func page(_ body: String) -> String {
        "<!DOCTYPE html><html><body><main id=\"main\" tabindex=\"-1\">\(body)</main></body></html>"
    }

    @Test func aPageAddedToTheReportIsFolded() throws {
        let folder = try TestPaths.makeTemporaryDirectory("single")
        let files = try ReportFileWriter(root: folder.appendingPathComponent("site"))
        try files.write(Self.page("<h1>one test</h1>"), to: "tests/t-1.html")
        try files.write(Self.page("<a href=\"trends.html\">trends</a>"), to: "index.html")
        try files.write(Self.page("<h1>a new page</h1><a href=\"tests/t-1.html\">t</a>"), to: "trends.html")
        try files.write("body{}", to: "assets/report.css")
        #expect(files.pagesWritten == ["tests/t-1.html", "index.html", "trends.html"])

        let output = folder.appendingPathComponent("single.html")
        _ = try SingleFileReport.fold(
            folder: files.root, pages: files.pagesWritten, into: output, title: "t",
            templates: try TemplateSet(overrides: nil))
        let html = try String(contentsOf: output, encoding: .utf8)
        let index = try #require(html.range(of: "id=\"page-index\""))
        let trends = try #require(html.range(of: "id=\"page-trends\""))
        let test = try #require(html.range(of: "id=\"page-tests-t-1\""))
        #expect(index.lowerBound < trends.lowerBound && trends.lowerBound < test.lowerBound)
        #expect(html.contains("<h1>a new page</h1>"))
        #expect(html.contains("href=\"#page-trends\""))
        #expect(html.contains("href=\"#page-tests-t-1\""))
    }

    @Test func everyPageOfARealReportIsFolded() throws {
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
            #expect(html.contains("id=\"\(SingleFileReport.anchor(for: page))\""), "\(page) is missing")
        }
    }
}

/// Every test page uses the ids `attempt-N`, `attempt-N-attachment-K`; folded into one document, each
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

/// The single file sends a link to a list row to the row's anchor: which pages are lists is the lists' own rule.
@Suite struct ListPageNameTests {
    @Test func theListsNameTheirOwnPages() {
        for name in ["all", "failed", "skipped"] {
            for page in [1, 2, 40] { #expect(ListPages.isListPage(ListPages.file(name, page: page))) }
        }
        for other in ["index.html", "flaky.html", "matrix.html", "failed-tests.html", "tests/all-1.html", "all-1.css"] {
            #expect(!ListPages.isListPage(other), "\(other)")
        }
    }
}
