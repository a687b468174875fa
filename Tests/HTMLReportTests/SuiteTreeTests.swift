import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import HTMLReport

@Suite struct SuiteTreeTests {
    private func test(
        _ name: String, in group: String, status: TestStatus = .passed, duration: Double? = 0.5, hash: UInt64 = 1
    ) -> TestSummary {
        TestSummary(
            name: name, groupKey: group, status: status, duration: duration, pagePath: nil, detail: nil,
            anchorHash: hash, listPage: 2, failureMessage: nil, failureLocation: nil)
    }

    @Test func groupsTestsByModuleAndSuiteWithCountsAndDurations() throws {
        var tree = SuiteTree()
        tree.add(test("a", in: "Calc › AddTests", hash: 0xA))
        tree.add(test("b", in: "Calc › SubTests", status: .failed, duration: 1))
        tree.add(test("c", in: "Calc › AddTests", status: .skipped, duration: nil))
        tree.add(test("d", in: "run 2 › IO › FileTests"))
        #expect(tree.checkInvariants())
        #expect(tree.modules.map(\.name) == ["Calc", "run 2 › IO"])
        let calc = tree.modules[0]
        #expect(calc.suites.map(\.name) == ["AddTests", "SubTests"])
        #expect(calc.tally == SuiteTree.Tally(total: 3, passed: 1, failed: 1, skipped: 1, duration: 1.5))
        // The anchor is the first test's (t- and the hash's top 48 bits, see OutputBuffer.appendAnchor).
        #expect(calc.suites[0].href == "all-2.html#t-00000000")
        #expect(calc.suites[0].tests.map(\.name) == ["a", "c"])
        #expect(calc.suites[1].tests.map(\.status) == ["failed"])
    }

    @Test func dropsTheTestsOnceTheReportPassesTheBound() {
        var tree = SuiteTree()
        for index in 0..<SuiteTree.testLeafLimit { tree.add(test("t\(index)", in: "M › S\(index % 7)")) }
        #expect(tree.hasTests)
        #expect(tree.modules[0].suites.map(\.tests.count).reduce(0, +) == SuiteTree.testLeafLimit)
        #expect(tree.checkInvariants())
        tree.add(test("one more", in: "M › S0"))
        #expect(!tree.hasTests)
        #expect(tree.modules[0].suites.allSatisfy { $0.tests.isEmpty })
        #expect(tree.modules[0].tally.total == SuiteTree.testLeafLimit + 1)
        #expect(tree.checkInvariants())
    }

    @Test func keepsEachModulesFirstSuitesAndCountsTheRest() {
        var tree = SuiteTree()
        let suites = SuiteTree.suitesKeptPerModule + 300
        for index in 0..<(suites * 2) {
            tree.add(test("t\(index)", in: "M › S\(index % suites)", status: index % 10 == 0 ? .failed : .passed))
        }
        tree.add(test("n", in: "N › S0"))
        #expect(tree.modules[0].suites.count == SuiteTree.suitesKeptPerModule)
        #expect(tree.modules[0].tally.total == suites * 2 && tree.modules[0].tally.failed == suites / 5)
        #expect(tree.modules[1].suites.map(\.name) == ["S0"])
        #expect(tree.suiteCount == suites + 1 && tree.testCount == suites * 2 + 1)
        #expect(tree.hiddenSuites(suiteLimit: 500) == suites + 1 - 500)
        #expect(tree.checkInvariants())
    }

    @Test func modelOpensFailedNodesAndStopsAtTheSuiteLimit() {
        var tree = SuiteTree()
        tree.add(test("a", in: "M › A", status: .failed))
        tree.add(test("b", in: "M › B"))
        tree.add(test("c", in: "N › C"))
        let shown = tree.model(suiteLimit: 2)
        #expect(shown.map(\.name) == ["M"])
        #expect(shown[0].isOpen)
        #expect(shown[0].suites.map(\.isOpen) == [true, false])
        #expect(shown[0].suites[0].hasFailed && shown[0].suites[0].failed == 1)
        #expect(!shown[0].suites[1].hasFailed && !shown[0].suites[1].hasSkipped)
        #expect(shown[0].totalText == "2 tests" && shown[0].suites[0].totalText == "1 test")
        #expect(tree.hiddenSuites(suiteLimit: 2) == 1)
        #expect(tree.model(suiteLimit: 500).map(\.name) == ["M", "N"])
    }

    @Test func indexShowsEachNodesOwnCountsOnly() throws {
        let memory = InMemoryResults()
        let run = try memory.beginRun(RunRecord(producer: "t", source: "t"))
        for (suite, status) in [("A", TestStatus.failed), ("B", .passed), ("C", .skipped)] {
            try memory.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: "M", suites: [suite], name: "t"),
                    attempts: [TestAttempt(status: status, duration: 0.25)]))
        }
        let site = try TestPaths.makeTemporaryDirectory("tree").appendingPathComponent("site")
        _ = try ReportGenerator(options: ReportOptions(title: "T", outputDirectory: site)).generate(from: [memory])
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        func summary(of name: String) throws -> Substring {
            let start = try #require(index.range(of: "<span class=\"node-name\">\(name)</span>"))
            let end = try #require(index[start.upperBound...].range(of: "</summary>"))
            return index[start.upperBound..<end.lowerBound]
        }
        #expect(try summary(of: "M").contains("3 tests, <span class=\"st s-failed\">1 failed</span>, "))
        #expect(try summary(of: "A").contains("1 test, <span class=\"st s-failed\">1 failed</span></span>"))
        #expect(try summary(of: "B").contains("1 test</span> <span class=\"node-duration\">250 ms</span>"))
        #expect(try summary(of: "C").contains("1 test, <span class=\"st s-skipped\">1 skipped</span></span>"))
        #expect(index.contains("<details class=\"module\" open>") && index.contains("<details class=\"suite\">"))
    }
}
