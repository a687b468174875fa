import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import HTMLReport

/// Many list pages: each links to a few neighbours, the first and the last, and every page stays reachable.
@Suite struct ListPagingTests {
    static func links(in html: String) -> Set<String> {
        var found = Set<String>()
        var rest = html[...]
        while let start = rest.range(of: "href=\"all-") {
            let tail = rest[start.upperBound...]
            guard let end = tail.firstIndex(of: "\"") else { break }
            let target = "all-" + tail[..<end]
            if !target.contains("#") { found.insert(target) }
            rest = tail[end...]
        }
        return found
    }

    @Test func everyListPageIsReachableWithAFewLinksPerPage() throws {
        let memory = InMemoryResults()
        let run = try memory.beginRun(RunRecord(producer: "test", source: "test"))
        for number in 0..<400 {
            try memory.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(suites: ["Suite\(number / 50)"], name: "test\(number)"),
                    attempts: [TestAttempt(status: .passed, duration: 0.001)]))
        }
        let site = try TestPaths.makeTemporaryDirectory("paging").appendingPathComponent("site")
        var options = ReportOptions(title: "Paging", outputDirectory: site)
        options.testsPerListPage = 10
        _ = try ReportGenerator(options: options).generate(from: [memory])

        var reached: Set<String> = ["all-1.html"]
        var queue = ["all-1.html"]
        while let page = queue.popLast() {
            let html = try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
            let targets = Self.links(in: html)
            #expect(targets.count <= 9, "\(page) links to \(targets.count) list pages")
            for target in targets where !reached.contains(target) {
                reached.insert(target)
                queue.append(target)
            }
        }
        #expect(reached == Set((1...40).map { "all-\($0).html" }))
    }

    @Test func aRunOfMoreThanThreeThousandPagesHoldsMoreTestsAPage() {
        #expect(ListPages.testsPerPage(preferred: 1000, tests: nil) == 1000)
        #expect(ListPages.testsPerPage(preferred: 1000, tests: 3_000_000) == 1000)
        #expect(ListPages.testsPerPage(preferred: 1000, tests: 3_000_001) == 1001)
        #expect(ListPages.testsPerPage(preferred: 1000, tests: 10_000_000) == 3334)
    }
}
