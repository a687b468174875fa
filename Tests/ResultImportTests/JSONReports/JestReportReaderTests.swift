import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// The Jest reader walks each test file's tests one at a time; the file's name and start, which Jest writes after
/// its tests, are looked up ahead, and a file's members read as lookups in the whole value did (the first of a
/// repeated member counts).
@Suite struct JestReportReaderTests {
    @Test func testsTakeTheFileNameAndStartWrittenAfterThem() throws {
        let text = """
            {"numTotalTests":3,"testResults":[
             {"assertionResults":[
               {"ancestorTitles":["A"],"title":"one","status":"passed","duration":5,"extra":{"deep":[1,{"x":"y"}]}},
               {"title":"two","title":"ignored","status":"failed","failureMessages":["Error: no\\n  at f (/s/a.test.js:3:4)"],
                "location":{"line":3,"column":4}},
               7],
              "name":"/s/a.test.js","name":"/s/other.js","startTime":1795730400000,"status":"failed"},
             {"assertionResults":{"not":"an array"},"testFilePath":"/s/b.test.js","status":"failed",
              "testExecError":{"message":"SyntaxError: b"}},
             "not a file"]}
            """
        let result = try ImportHarness.run(text: text, name: "report.json")
        let tests = result.results.tests
        #expect(
            tests.map(\.identity.suites) == [
                ["/s/a.test.js", "A"], ["/s/a.test.js"], ["/s/a.test.js"], ["/s/b.test.js"],
            ])
        #expect(tests.map(\.identity.name) == ["one", "two", "(unnamed test)", "(suite)"])
        #expect(tests.map(\.status) == [.passed, .failed, .passed, .failed])
        #expect(tests[0].finalAttempt?.start == 1_795_730_400)
        #expect(tests[0].duration == 0.005)
        #expect(tests[1].location == Place(file: "/s/a.test.js", line: 3, column: 4))
        #expect(tests[3].finalAttempt?.issues.first?.message == "SyntaxError: b")
        #expect(result.outcomes.first?.diagnostics.isEmpty == true, "\(result.outcomes.first?.diagnostics ?? [])")
    }

    /// A test that passed on its only attempt with nothing but its duration reaches the sink as bytes, with the
    /// file and its `describe` blocks as suites; one with a place, a retry or a failure stays a record.
    @Test func plainPassedTestsReachTheSinkAsBytes() throws {
        let text = """
            {"testResults":[{"assertionResults":[
              {"ancestorTitles":["Outer","Inner"],"title":"plain","status":"passed","duration":5,"failureMessages":[]},
              {"ancestorTitles":["Outer"],"title":"focused","status":"focused","duration":1},
              {"title":"placed","status":"passed","location":{"line":3,"column":4}},
              {"title":"retried","status":"passed","retryReasons":["Error: first try"]},
              {"title":"failed","status":"failed","failureMessages":["Error: no"]},
              {"title":"skipped","status":"pending"}],
             "name":"/s/a.test.js","startTime":1795730400000}]}
            """
        let directory = try TestPaths.makeTemporaryDirectory("jest-bytes")
        let url = directory.appendingPathComponent("report.json")
        try Data(text.utf8).write(to: url)
        let sink = BytesCountingSink()
        let run = try sink.beginRun(RunRecord(producer: "tests", source: "import"))
        let outcome = try ResultImporter(sink: sink, runIndex: run).importFile(url.path, format: .auto)
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        #expect(
            sink.passedFromBytes == [
                TestIdentity(suites: ["/s/a.test.js", "Outer", "Inner"], name: "plain").id,
                TestIdentity(suites: ["/s/a.test.js", "Outer"], name: "focused").id,
            ])
        let tests = sink.results.tests
        #expect(tests.map(\.identity.name) == ["plain", "focused", "placed", "retried", "failed", "skipped"])
        #expect(tests[0].identity.suites == ["/s/a.test.js", "Outer", "Inner"])
        #expect(tests[0].status == .passed)
        #expect(tests[0].attempts == [TestAttempt(status: .passed, start: 1_795_730_400, duration: 0.005)])
        #expect(tests[2].location == Place(file: "/s/a.test.js", line: 3, column: 4))
        #expect(tests[3].attempts.count == 2)
        #expect(tests.map(\.status) == [.passed, .passed, .passed, .passed, .failed, .skipped])
    }

    @Test func damageInsideAFileKeepsTheFilesBeforeIt() throws {
        let text = """
            {"testResults":[
             {"assertionResults":[{"title":"kept","status":"passed"}],"name":"a.js"},
             {"assertionResults":[{"title":"lost","status":"passed"},{"title":"broken" "status":"passed"}],"name":"b.js"}
            ]}
            """
        let result = try ImportHarness.run(text: text, name: "report.json")
        #expect(result.results.tests.map(\.identity.name) == ["kept"])
        let error = try #require(result.outcomes.first?.diagnostics.first { $0.severity == .error })
        #expect(error.line == 3)
    }
}
