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
