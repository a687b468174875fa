import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

/// pytest report logs: text before the JSON, collection errors, a log cut before a teardown.
@Suite struct PytestReportLogParserTests {
    private func report(_ nodeID: String, _ when: String, _ outcome: String) -> String {
        #"{"nodeid": "\#(nodeID)", "location": ["t/test_a.py", 2, "x"], "outcome": "\#(outcome)", "#
            + #""longrepr": null, "when": "\#(when)", "duration": 0.5, "$report_type": "TestReport"}"#
    }

    @Test func textBeforeTheJSONIsSkippedAndAutoDetectionFindsTheLog() throws {
        let text = [
            "collecting ...", "warning: something", report("t/test_a.py::test_x", "setup", "passed"),
            report("t/test_a.py::test_x", "call", "passed"), report("t/test_a.py::test_x", "teardown", "passed"),
        ].joined(separator: "\n")
        let result = try ImportHarness.run(text: text, name: "log.jsonl", format: .auto)
        #expect(result.outcomes.first?.format == .pytestReportLog)
        #expect(result.results.tests.map(\.id) == ["t/test_a/test_x"])
        #expect(result.test("t/test_a/test_x")?.location == Place(file: "t/test_a.py", line: 3))
        #expect(result.test("t/test_a/test_x")?.duration == 1.5)
        #expect(result.outcomes.flatMap(\.diagnostics).isEmpty)
    }

    @Test func aCollectionErrorIsAFailedTest() throws {
        let line =
            #"{"nodeid": "t/test_b.py", "outcome": "failed", "longrepr": "ImportError while importing\nE   ModuleNotFoundError: No module named 'x'", "result": [], "$report_type": "CollectReport"}"#
        let result = try ImportHarness.run(text: line, name: "log.jsonl", format: .pytestReportLog)
        let test = try #require(result.results.tests.first)
        #expect(test.identity.name == "(collection)" && test.status == .failed)
        #expect(test.attempts[0].issues.first?.message.contains("No module named 'x'") == true)
    }

    @Test func aLogCutBeforeATeardownWritesTheTestWithAnError() throws {
        let text = [report("t/test_a.py::test_x", "setup", "passed"), report("t/test_a.py::test_x", "call", "failed")]
            .joined(separator: "\n")
        let result = try ImportHarness.run(text: text, name: "log.jsonl", format: .pytestReportLog)
        #expect(result.test("t/test_a/test_x")?.status == .failed)
        #expect(result.diagnostics(.error).first?.line == 1)
    }
}
