import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import HTMLReport

/// The failed and skipped lists are paged like the all-tests list (failed.html, failed-2.html, …), so no page of
/// a large run grows with its failures, and every link to a failed or skipped test leads to the page holding it.
@Suite struct StatusListPagingTests {
    @Test func failuresAndSkipsArePagedAndEveryLinkFindsItsRow() throws {
        let memory = InMemoryResults()
        let run = try memory.beginRun(RunRecord(producer: "t", source: "t"))
        let statuses: [TestStatus] = [
            .failed, .passed, .skipped, .failed, .crashed, .passed, .failed, .skipped, .failed,
        ]
        for (number, status) in statuses.enumerated() {
            let issues = status.isFailure ? [IssueRecord(kind: .assertion, message: "broke \(number)")] : []
            try memory.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: "M", suites: ["S"], name: "test\(number)"),
                    attempts: [TestAttempt(status: status, issues: issues)]))
        }
        let site = try TestPaths.makeTemporaryDirectory("status-paging").appendingPathComponent("site")
        var options = ReportOptions(title: "Report", outputDirectory: site)
        options.testsPerListPage = 2
        options.testsPerStatusListPage = 2
        _ = try ReportGenerator(options: options).generate(from: [memory])
        func page(_ name: String) throws -> String {
            try String(contentsOf: site.appendingPathComponent(name), encoding: .utf8)
        }
        // Five failures (failed and crashed) on three pages, two skips on one.
        for name in ["failed.html", "failed-2.html", "failed-3.html", "skipped.html"] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(name).path), "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("failed-4.html").path))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("skipped-2.html").path))
        #expect(try page("failed-3.html").contains("test8") && !(try page("failed-3.html")).contains(">test0<"))
        #expect(try page("failed-2.html").contains("<a href=\"failed-3.html\">3</a>"))
        // Every link from the all-tests pages to a failed or skipped list leads to a page holding that row.
        var checked = 0
        for number in 1...5 {
            let html = try page("all-\(number).html")
            for match in html.matches(of: /href=((failed|skipped)[-0-9]*\.html)#(t-[A-Za-z0-9_-]+)/) {
                #expect(try page(String(match.1)).contains("<tr id=\(match.3)>"), "\(match.0)")
                checked += 1
            }
        }
        #expect(checked == 7)
    }
}
