import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import HTMLReport

@Suite struct HeaderSummaryTests {
    /// Two tests: one passes, one fails with long output (so it gets a page of its own).
    private func write(into sink: some ResultSink) throws {
        let run = try sink.beginRun(RunRecord(producer: "t", source: "t"))
        try sink.addTest(
            TestRecord(
                runIndex: run, identity: TestIdentity(module: "M", suites: ["S"], name: "ok"),
                attempts: [TestAttempt(status: .passed)]))
        try sink.addTest(
            TestRecord(
                runIndex: run, identity: TestIdentity(module: "M", suites: ["S"], name: "long"),
                attempts: [
                    TestAttempt(
                        status: .failed, issues: [IssueRecord(kind: .assertion, message: "no")],
                        output: CapturedOutput(text: String(repeating: "a line of output\n", count: 200)))
                ]))
        try sink.endRun(run, RunEnd())
    }

    private func report(_ source: any ResultSource, label: String) throws -> URL {
        let site = try TestPaths.makeTemporaryDirectory(label).appendingPathComponent("site")
        _ = try ReportGenerator(options: ReportOptions(title: "Report", outputDirectory: site)).generate(from: [source])
        return site
    }

    private func page(_ site: URL, _ path: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func verdictAndCountsFromTotals() {
        var totals = ResultTotals()
        totals.tests = 3
        totals.failed = 1
        totals.passed = 2
        let model = HeaderSummary.model(totals)
        #expect(model.verdict == "Failed" && model.verdictStatus == "failed")
        #expect(model.counts.map(\.label) == ["failed", "passed", "skipped"])
        #expect(model.counts.map(\.href) == ["failed.html", "all-1.html", "skipped.html"])
        #expect(HeaderSummary.model(ResultTotals()).verdict == "No tests")
    }

    @Test func everyPageOfABundleWithStoredTotalsShowsTheCountsInItsHeader() throws {
        let folder = try TestPaths.makeTemporaryDirectory("header-bundle")
        let url = folder.appendingPathComponent("r.resultbundle")
        let writer = try BundleWriter(creating: url)
        try write(into: writer)
        try writer.close()
        let site = try report(try BundleReader(url: url), label: "header-bundle-site")
        let testPage = ReportPaths.testPage(id: "M/S/long", runIndex: 0)
        for path in ["index.html", "all-1.html", "failed.html", testPage] {
            let html = try page(site, path)
            #expect(html.contains("<span class=\"st s-failed\">Failed</span></p>"), "\(path)")
            #expect(
                html.contains("s-failed\" href=\"\(path == testPage ? "../" : "")failed.html\">1 failed</a>"), "\(path)"
            )
            #expect(
                html.contains("s-passed\" href=\"\(path == testPage ? "../" : "")all-1.html\">1 passed</a>"), "\(path)")
        }
    }

    @Test func testPagesWrittenBeforeTheCountsAreKnownLinkToTheListsWithoutNumbers() throws {
        let memory = InMemoryResults()
        try write(into: memory)
        let site = try report(memory, label: "header-memory")
        let testPage = try page(site, ReportPaths.testPage(id: "M/S/long", runIndex: 0))
        #expect(!testPage.contains("top-count"))
        #expect(testPage.contains("<a href=\"../failed.html\">Failed</a>"))
        #expect(try page(site, "all-1.html").contains(">1 failed</a>"))
    }
}
