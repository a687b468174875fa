import Foundation
import FoundationXML
import JUnitExport
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@Suite struct SuiteGroupingTests {
    /// Suite `A`'s tests are split by suite `B`'s, and a second run has an `A` of its own.
    private func interleaved() throws -> InMemoryResults {
        let results = InMemoryResults()
        let first = try results.beginRun(RunRecord(producer: "t", source: "t"))
        let second = try results.beginRun(RunRecord(producer: "t", source: "t"))
        for (run, suite, name, status) in [
            (first, "A", "a1", TestStatus.passed), (first, "B", "b1", .passed), (first, "A", "a2", .failed),
            (first, "B", "b2", .skipped), (first, "A", "a3", .passed), (second, "A", "a1", .passed),
        ] {
            let issues = status == .failed ? [IssueRecord(kind: .assertion, message: "wrong")] : []
            try results.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: "M", suites: [suite], name: name),
                    attempts: [TestAttempt(status: status, duration: 0.25, issues: issues)]))
        }
        return results
    }

    private func suites(in file: URL) throws -> [XMLElement] {
        try XMLDocument(contentsOf: file).nodes(forXPath: "//testsuite").compactMap { $0 as? XMLElement }
    }

    private func names(_ suite: XMLElement) -> [String] {
        suite.elements(forName: "testcase").compactMap { $0.attribute(forName: "name")?.stringValue }
    }

    @Test func aSuiteWhoseTestsAreNotConsecutiveIsOneElementWithExactCounts() throws {
        let output = try TestPaths.makeTemporaryDirectory("junit-grouping").appendingPathComponent("junit.xml")
        let summary = try JUnitExporter(options: JUnitExportOptions()).export([try interleaved()], to: output)
        let suites = try suites(in: output)
        #expect(summary.suites == 3)
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["M.A", "M.B", "M.A"])
        #expect(suites.map(names) == [["a1", "a2", "a3"], ["b1", "b2"], ["a1"]])
        let a = suites[0]
        #expect(a.attribute(forName: "tests")?.stringValue == "3")
        #expect(a.attribute(forName: "failures")?.stringValue == "1")
        #expect(a.attribute(forName: "skipped")?.stringValue == "0")
        #expect(a.attribute(forName: "time")?.stringValue == "0.750")
        #expect(suites[1].attribute(forName: "skipped")?.stringValue == "1")
        #expect(try SchemaValidation.problems(output, schema: "jenkins-junit.xsd") == nil)
    }

    @Test func surefireWritesOneFilePerSuiteEvenWhenItsTestsAreNotConsecutive() throws {
        let output = try TestPaths.makeTemporaryDirectory("junit-grouping-surefire").appendingPathComponent("reports")
        let summary = try JUnitExporter(options: JUnitExportOptions(flavor: .surefire)).export(
            [try interleaved()], to: output)
        #expect(summary.files.map(\.lastPathComponent) == ["TEST-M.A.xml", "TEST-M.B.xml", "TEST-M.A-2.xml"])
        #expect(
            try summary.files.map { try suites(in: $0).map(names) } == [
                [["a1", "a2", "a3"]], [["b1", "b2"]], [["a1"]],
            ])
        for file in summary.files {
            #expect(try SchemaValidation.problems(file, schema: "surefire-test-report.xsd") == nil)
        }
    }

    /// Many interleaved suites, with failures and output, so the spool holds many ranges.
    private func manyTests() throws -> InMemoryResults {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "t", source: "t"))
        for index in 0..<3_000 {
            let fails = index % 7 == 0
            let attempt = TestAttempt(
                status: fails ? .failed : .passed, duration: Double(index) / 1_000,
                issues: fails ? [IssueRecord(kind: .assertion, message: "value \(index) <wrong> & \u{1}")] : [],
                output: index % 5 == 0 ? CapturedOutput(text: "line \(index)\n\u{1B}[31mred\u{1B}[0m") : nil)
            let suite = "Suite\(index % 3 == 0 ? index / 100 : index % 11)"
            try results.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: "M", suites: [suite], name: "test\(index)"),
                    attempts: [attempt]))
        }
        return results
    }

    @Test(arguments: JUnitFlavor.allCases)
    func spillingTestCasesToDiskWritesTheSameBytes(flavor: JUnitFlavor) throws {
        let results = try manyTests()
        let directory = try TestPaths.makeTemporaryDirectory("junit-spill")
        var outputs: [[Data]] = []
        for limit in [64 << 20, 4_096, 1] {
            let output = directory.appendingPathComponent("\(limit)" + (flavor == .surefire ? "" : ".xml"))
            let summary = try JUnitExporter(options: JUnitExportOptions(flavor: flavor), spoolMemoryLimit: limit)
                .export([results], to: output)
            #expect(summary.testCases == 3_000)
            outputs.append(try summary.files.map { try Data(contentsOf: $0) })
        }
        #expect(outputs[0].count > 0)
        #expect(outputs[1] == outputs[0])
        #expect(outputs[2] == outputs[0])
    }
}

/// A suite's `time`, and the document's, is how long its tests took by the clock: tests run in parallel count
/// once, as pytest and Surefire write it.
@Suite struct SuiteTimeTests {
    @Test func parallelTestsMakeASuiteAsLongAsTheyRanTogether() throws {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "t", source: "t"))
        for (suite, index) in [("A", 0), ("A", 1), ("A", 2), ("B", 3)] {
            try results.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: "M", suites: [suite], name: "t\(index)"),
                    attempts: [TestAttempt(status: .passed, start: 100 + Double(index) / 10, duration: 1)]))
        }
        let output = try TestPaths.makeTemporaryDirectory("junit-time").appendingPathComponent("junit.xml")
        _ = try JUnitExporter(options: JUnitExportOptions()).export([results], to: output)
        let document = try XMLDocument(contentsOf: output)
        let times = try document.nodes(forXPath: "//testsuite/@time").map { $0.stringValue }
        #expect(times == ["1.200", "1.000"])
        #expect(try document.nodes(forXPath: "/testsuites/@time").first?.stringValue == "1.300")
    }
}
