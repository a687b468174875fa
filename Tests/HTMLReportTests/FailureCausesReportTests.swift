import Foundation
import HTMLReport
import ResultBundle
import ResultModel
import Testing
import _TestSupport

/// The report groups failures by cause: the index lists the causes largest first with their counts, each message
/// once, and the failed list groups its rows under each cause's anchor, largest cause first.
struct FailureCausesReportTests {
    static func site() throws -> URL {
        let memory = InMemoryResults()
        let run = try memory.beginRun(RunRecord(producer: "test", source: "test"))
        for number in 0..<1200 {
            var attempt = TestAttempt(status: number % 4 == 0 ? .failed : .passed, duration: 0.001)
            if number % 4 == 0 {
                // One lone cause is read first; the shared one (its values differ) makes the other 299 failures.
                let message =
                    number == 0 ? "lone wombat" : "XCTAssertEqual failed: (\"\(number)\") is not equal to (\"0\")"
                attempt.issues = [IssueRecord(kind: .assertion, message: message)]
            }
            try memory.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(suites: ["Suite\(number / 100)"], name: "test\(number)"),
                    attempts: [attempt]))
        }
        let site = try TestPaths.makeTemporaryDirectory("causes-report").appendingPathComponent("site")
        _ = try ReportGenerator(options: ReportOptions(title: "Causes", outputDirectory: site)).generate(from: [memory])
        return site
    }

    @Test func indexListsCausesLargestFirstWithEachMessageOnce() throws {
        let site = try Self.site()
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        let id = FailureSignature(kind: "assertion", text: "XCTAssertEqual failed: (\"…\") is not equal to (\"…\")").id
        #expect(index.contains("<li class=\"cause\" id=\"cause-\(id)\">"))
        #expect(index.contains("<span class=\"cause-count\">299 failures</span>"))
        #expect(index.components(separatedBy: "is not equal to").count - 1 == 1)
        let shared = try #require(index.range(of: "299 failures"))
        let lone = try #require(index.range(of: "lone wombat"))
        #expect(shared.lowerBound < lone.lowerBound)
        #expect(index.contains("<a href=\"failed.html#cause-\(id)\">289 more tests in the failed list</a>"))
        #expect(index.contains("300 of 1,200 tests failed"))
    }

    @Test func failedListGroupsRowsByCauseLargestFirst() throws {
        let site = try Self.site()
        let failed = try String(contentsOf: site.appendingPathComponent("failed.html"), encoding: .utf8)
        let id = FailureSignature(kind: "assertion", text: "XCTAssertEqual failed: (\"…\") is not equal to (\"…\")").id
        let titles = failed.components(separatedBy: "<h2>").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(titles.first == "299 failures: XCTAssertEqual failed: (&quot;4&quot;) is not equal to (&quot;0&quot;)")
        #expect(titles.last == "1 failure: lone wombat")
        #expect(failed.contains("<tbody id=cause-\(id)>"))
        #expect(failed.contains("<span class=place>(no module) › Suite0</span>"))
    }
}
