import Coverage
import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import HTMLReport

/// A report with coverage: the coverage page in three orders, a page per file whose source is readable under the
/// root (and only those), the totals on the index, a failing test's excerpt marking the lines that ran, and hostile
/// paths, names and sources that stay text.
@Suite struct CoverageReportTests {
    /// A source root holding the C program of the lcov fixture, a run whose one test fails in it, and the fixture's
    /// coverage (geninfo's tracefile: 26 lines, 21 hit; 4 functions, 3 hit; 16 branches, 13 hit), with a file whose
    /// source is not there and a hostile one added.
    static func fixture() throws -> (root: URL, results: InMemoryResults, coverage: CoverageRun) {
        let root = try TestPaths.makeTemporaryDirectory("coverage-report").appendingPathComponent("tally")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestPaths.fixture("coverage/lcov/tally.c"), to: root.appendingPathComponent("tally.c"))
        let hostileName = "<img src=x onerror=alert(1)>.c"
        try "int main() { return \"</pre><script>alert(2)</script>\"; }\n".write(
            to: root.appendingPathComponent(hostileName), atomically: true, encoding: .utf8)
        var (coverage, diagnostics) = CoverageImporter.read(
            paths: [TestPaths.fixture("coverage/lcov/tally-geninfo.info").path], sourceRoot: "/build/tally")
        #expect(diagnostics.isEmpty)
        coverage.merge([
            SourceFileCoverage(path: "gone/missing.c", lines: [CoveredLine(line: 1, count: 0)]),
            SourceFileCoverage(
                path: hostileName, lines: [CoveredLine(line: 1, count: 3)],
                functions: [CoveredFunction(name: "<b onmouseover=alert(3)>main</b>", line: 1, count: 3)]),
        ])
        let results = InMemoryResults()
        let run = try results.beginRun(
            RunRecord(producer: "tests", source: "test", workingDirectory: root.path))
        var attempt = TestAttempt(status: .failed, duration: 0.01)
        attempt.issues = [
            IssueRecord(kind: .assertion, message: "wrong count", location: SourceLocation(file: "tally.c", line: 14))
        ]
        try results.addTest(
            TestRecord(
                runIndex: run, identity: TestIdentity(module: "M", suites: ["S"], name: "t"), attempts: [attempt]))
        try results.endRun(run, RunEnd(exitCode: 1))
        return (root, results, coverage)
    }

    static func report(singleFile: Bool = false) throws -> (site: URL, root: URL) {
        let (root, results, coverage) = try fixture()
        let site = root.deletingLastPathComponent().appendingPathComponent(singleFile ? "report.html" : "site")
        var options = ReportOptions(title: "Coverage", outputDirectory: site, singleFile: singleFile, sourceRoot: root)
        options.generator = "ResultBundle (golden)"
        _ = try ReportGenerator(options: options).generate(from: [results], coverage: coverage, coverageRoot: root)
        return (site, root)
    }

    static func read(_ site: URL, _ page: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
    }

    @Test func coveragePageShowsTotalsAndTheTreeInEachOrder() throws {
        let (site, _) = try Self.report()
        for order in CoverageTree.Order.allCases {
            let page = try Self.read(site, order.page)
            #expect(page.contains("78.5%"))  // 22 of 28 lines: the fixture's 21 of 26 and the two added files
            #expect(page.contains("(22 of 28 lines)"))
            #expect(page.contains("aria-current=\"page\">\(order.label)</strong>"))
            for other in CoverageTree.Order.allCases where other != order {
                #expect(page.contains("<a href=\"\(other.page)\">\(other.label)</a>"))
            }
        }
        let byPath = try Self.read(site, "coverage.html")
        // The missing source's file is in the tree without a link; the readable ones link to their pages.
        #expect(byPath.contains("<span class=\"node-name\">missing.c</span>"))
        #expect(byPath.contains("<a class=\"node-name\" href=\"coverage/files/tally.c-"))
        #expect(byPath.contains("1 file without a link"))
        let index = try Self.read(site, "index.html")
        #expect(index.contains("id=\"coverage-heading\""))
        #expect(index.contains("<a href=\"coverage.html\">Coverage by module, folder and file</a>"))
        #expect(index.contains("<a href=\"coverage.html\">Coverage</a>"))  // the header's link
    }

    @Test func filePagesAreWrittenOnlyForReadableSources() throws {
        let (site, _) = try Self.report()
        let pages = try FileManager.default.contentsOfDirectory(
            atPath: site.appendingPathComponent(CoveragePageNames.folder).path)
        #expect(pages.count == 2)
        #expect(!pages.contains { $0.contains("missing") })
        let tally = try #require(pages.first { $0.hasPrefix("tally.c-") })
        let page = try Self.read(site, CoveragePageNames.folder + tally)
        // geninfo: main ran twice, `unused` never (line 25), and line 4's branches were not all taken.
        #expect(page.contains("<span id=\"L29\"><b>29</b><i>2</i>int main(int argc, char **argv) {</span>"))
        #expect(page.contains("id=\"L25\""))
        #expect(page.contains("branches taken</em>"))
        #expect(page.contains("<a href=\"../../coverage.html\">Coverage</a>"))
        #expect(page.contains("<td><code>unused</code></td>"))
    }

    @Test func hostilePathsNamesAndSourcesStayText() throws {
        let (site, _) = try Self.report()
        let tree = try Self.read(site, "coverage.html")
        #expect(!tree.contains("<img"))
        #expect(tree.contains("&lt;img src=x onerror=alert(1)&gt;.c"))
        let pages = try FileManager.default.contentsOfDirectory(
            atPath: site.appendingPathComponent(CoveragePageNames.folder).path)
        let hostile = try #require(pages.first { !$0.hasPrefix("tally.c-") })
        #expect(hostile.hasPrefix("imgsrcxonerroralert1.c-"))
        let page = try Self.read(site, CoveragePageNames.folder + hostile)
        #expect(!page.contains("<script>alert") && !page.contains("<b onmouseover"))
        #expect(page.contains("&lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;"))
        #expect(page.contains("&lt;b onmouseover=alert(3)&gt;main&lt;/b&gt;"))
        #expect(page.contains("<title>&lt;img src=x onerror=alert(1)&gt;.c</title>"))
    }

    /// The file pages' shell is drawn once and cut where the title goes: an overriding shell that shows the title
    /// twice gets each page's own title in both places, and its footer once at the end.
    @Test func filePagesWearAnOverriddenShellWithTheirOwnTitle() throws {
        let (root, results, coverage) = try Self.fixture()
        let templates = root.deletingLastPathComponent().appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "{{#chrome}}<title>{{title}}</title><h1>{{title}} in {{reportTitle}}</h1>{{/chrome}}\n".write(
            to: templates.appendingPathComponent("header.mustache"), atomically: true, encoding: .utf8)
        try "{{#chrome}}<footer>{{generator}}</footer>{{/chrome}}\n".write(
            to: templates.appendingPathComponent("footer.mustache"), atomically: true, encoding: .utf8)
        let site = root.deletingLastPathComponent().appendingPathComponent("site-overridden")
        var options = ReportOptions(
            title: "Coverage", outputDirectory: site, templatesDirectory: templates, sourceRoot: root)
        options.generator = "ResultBundle (shell)"
        _ = try ReportGenerator(options: options).generate(from: [results], coverage: coverage, coverageRoot: root)
        let pages = try FileManager.default.contentsOfDirectory(
            atPath: site.appendingPathComponent(CoveragePageNames.folder).path)
        let tally = try Self.read(site, CoveragePageNames.folder + #require(pages.first { $0.hasPrefix("tally.c-") }))
        #expect(tally.hasPrefix("<title>tally.c</title><h1>tally.c in Coverage</h1>\n"))
        #expect(tally.hasSuffix("</section>\n<footer>ResultBundle (shell)</footer>\n"))
        let hostile = try Self.read(
            site, CoveragePageNames.folder + #require(pages.first { !$0.hasPrefix("tally.c-") }))
        #expect(hostile.hasPrefix("<title>&lt;img src=x onerror=alert(1)&gt;.c</title><h1>&lt;img"))
    }

    @Test func aFailuresExcerptMarksTheLinesThatRan() throws {
        let (site, _) = try Self.report()
        let page = try Self.read(site, ReportPaths.testPage(id: "M/S/t", runIndex: 0))
        #expect(page.contains("● marking the lines that ran"))
        #expect(page.contains("<span class=\"ran-mark ran\">●</span>"))
    }

    @Test func aSingleFileReportHasTheTreeWithoutSources() throws {
        let (site, _) = try Self.report(singleFile: true)
        let document = try String(contentsOf: site, encoding: .utf8)
        #expect(document.contains("id=\"coverage-heading\""))
        #expect(document.contains("A single-file report shows no sources"))
        #expect(!document.contains("<pre class=\"cov-src\""))
    }

    @Test func pagesMatchTheirGoldens() throws {
        let (site, _) = try Self.report()
        let tally = try #require(
            try FileManager.default.contentsOfDirectory(
                atPath: site.appendingPathComponent(CoveragePageNames.folder).path
            ).first { $0.hasPrefix("tally.c-") })
        for (page, golden) in [
            ("coverage.html", "coverage-tally-coverage.html"),
            ("coverage-by-uncovered.html", "coverage-tally-coverage-by-uncovered.html"),
            (CoveragePageNames.folder + tally, "coverage-tally-file.html"),
        ] {
            let actual = try Self.read(site, page)
            let url = ReportGoldenTests.goldens.appendingPathComponent(golden)
            if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] != nil {
                try actual.write(to: url, atomically: true, encoding: .utf8)
            }
            let expected = try String(contentsOf: url, encoding: .utf8)
            #expect(actual == expected, "\(golden) differs; review and re-record with RECORD_GOLDENS=1")
        }
    }
}
