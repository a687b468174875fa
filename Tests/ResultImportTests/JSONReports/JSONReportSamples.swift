import Foundation
import ResultImport

/// Small documents of each JSON report format, written for the tests from the formats' documented shapes.
enum JSONReportSamples {
    static let jest = """
        {"numFailedTests":1,"numPassedTests":1,"numPendingTests":1,"numTodoTests":1,"numTotalTests":4,
         "testResults":[{"assertionResults":[
          {"ancestorTitles":["math"],"title":"adds","status":"passed","duration":3,"failureMessages":[]},
          {"ancestorTitles":["math"],"title":"divides","status":"failed","duration":5,
           "failureMessages":["Error: expected 2\\n    at Object.<anonymous> (src/math.test.js:9:15)"]},
          {"ancestorTitles":[],"title":"later","status":"pending","failureMessages":[]},
          {"ancestorTitles":[],"title":"some day","status":"todo","failureMessages":[]}],
          "name":"src/math.test.js","status":"failed","startTime":1700000000000,"message":""}]}
        """

    static let mocha = """
        {"stats":{"suites":1,"tests":2,"passes":1,"pending":0,"failures":2},
         "tests":[],"pending":[],
         "failures":[{"title":"divides","fullTitle":"math divides","duration":2,
           "err":{"message":"expected 2","stack":"AssertionError: expected 2\\n    at Context.<anonymous> (test/math.js:9:15)"}},
          {"title":"\\"before each\\" hook for \\"adds\\"","fullTitle":"math \\"before each\\" hook for \\"adds\\"",
           "err":{"message":"db down","stack":"Error: db down\\n    at Context.<anonymous> (test/math.js:3:9)"}}],
         "passes":[{"title":"adds","fullTitle":"math adds","duration":1,"err":{}}]}
        """

    static let mochawesome = """
        {"stats":{"testsRegistered":3,"passes":1,"pending":1,"skipped":0,"failures":1},
         "results":[{"title":"","suites":[{"title":"math","tests":[
           {"title":"adds","fullTitle":"math adds","state":"passed","pass":true,"fail":false,"pending":false,"err":{},
            "context":"[{\\"title\\":\\"url\\",\\"value\\":\\"http://example.test\\"}]"},
           {"title":"divides","fullTitle":"math divides","state":"failed","pass":false,"fail":true,"pending":false,
            "err":{"message":"expected 2","estack":"AssertionError: expected 2\\n    at Context.<anonymous> (test/math.js:9:15)"}},
           {"title":"later","fullTitle":"math later","pass":false,"fail":false,"pending":true,"err":{}}],
           "beforeHooks":[],"afterHooks":[],"suites":[]}]}]}
        """

    static let playwright = """
        {"config":{"version":"1.48.0","projects":[{"name":"chromium"},{"name":"firefox"}]},
         "suites":[{"title":"a.spec.ts","file":"a.spec.ts","specs":[{"title":"works","file":"a.spec.ts","line":3,
          "tests":[
           {"projectName":"chromium","expectedStatus":"passed","status":"flaky","results":[
             {"status":"failed","retry":0,"duration":10,"errors":[{"message":"boom","location":{"file":"a.spec.ts","line":4,"column":5}}]},
             {"status":"passed","retry":1,"duration":9,"errors":[]}]},
           {"projectName":"firefox","expectedStatus":"passed","status":"expected","results":[
             {"status":"passed","retry":0,"duration":8,"errors":[],"steps":[{"title":"goto","duration":2}]}]}]}]}],
         "errors":[],"stats":{"expected":1,"unexpected":0,"flaky":1,"skipped":0}}
        """

    static let rspec = """
        {"version":"3.13.0","examples":[
          {"id":"./spec/a_spec.rb[1:1]","description":"adds","full_description":"Math adds","status":"passed",
           "file_path":"./spec/a_spec.rb","line_number":3,"run_time":0.01},
          {"id":"./spec/a_spec.rb[1:2]","description":"divides","full_description":"Math divides","status":"failed",
           "file_path":"./spec/a_spec.rb","line_number":7,"run_time":0.02,
           "exception":{"class":"RSpec::Expectations::ExpectationNotMetError","message":"expected 2",
            "backtrace":["/gems/rspec/lib/x.rb:1:in `fail'","./spec/a_spec.rb:8:in `block (2 levels)'"]}},
          {"id":"./spec/a_spec.rb[1:3]","description":"later","full_description":"Math later","status":"pending",
           "file_path":"./spec/a_spec.rb","line_number":11,"pending_message":"not yet"}],
         "summary":{"duration":0.1,"example_count":3,"failure_count":1,"pending_count":1,
          "errors_outside_of_examples_count":0},"summary_line":"3 examples, 1 failure, 1 pending"}
        """

    static let pytest = """
        {"created":1700000000.0,"duration":0.5,"exitcode":1,"root":"/src/project",
         "summary":{"passed":1,"error":1,"xfailed":1,"total":3,"collected":3},
         "collectors":[{"nodeid":"","outcome":"passed","result":[]}],
         "tests":[
          {"nodeid":"test_a.py::test_ok","lineno":3,"keywords":["test_ok","test_a.py","project"],"outcome":"passed",
           "setup":{"duration":0.001,"outcome":"passed"},"call":{"duration":0.002,"outcome":"passed","stdout":"hi\\n"},
           "teardown":{"duration":0.001,"outcome":"passed"}},
          {"nodeid":"test_a.py::test_db","lineno":7,"keywords":["test_db"],"outcome":"error",
           "setup":{"duration":0.001,"outcome":"failed","crash":{"path":"/src/project/test_a.py","lineno":5,
            "message":"RuntimeError: db down"},"traceback":[{"path":"test_a.py","lineno":5,"message":"RuntimeError"}],
            "longrepr":"E   RuntimeError: db down"},"teardown":{"duration":0.001,"outcome":"passed"}},
          {"nodeid":"test_a.py::test_bug","lineno":11,"keywords":["test_bug","xfail"],"outcome":"xfailed",
           "setup":{"duration":0.001,"outcome":"passed"},"call":{"duration":0.001,"outcome":"skipped",
            "crash":{"path":"/src/project/test_a.py","lineno":13,"message":"assert False"}},
           "teardown":{"duration":0.001,"outcome":"passed"}}]}
        """

    static let ctrf = """
        {"reportFormat":"CTRF","specVersion":"0.0.0","results":{"tool":{"name":"jest"},
          "summary":{"tests":3,"passed":1,"failed":1,"skipped":0,"pending":1,"other":0},
          "tests":[
           {"name":"adds","status":"passed","duration":3,"suite":["math"],"tags":["@fast"]},
           {"name":"divides","status":"failed","duration":5,"message":"expected 2","trace":"at math.test.js:9:15",
            "suite":"math","retryAttempts":[{"attempt":1,"status":"failed","message":"expected 2"},
             {"attempt":2,"status":"failed","message":"expected 2"}]},
           {"name":"later","status":"pending","duration":0}]}}
        """

    /// Every sample with its format and its tests' count.
    static let all: [(format: ImportFormat, text: String, tests: Int)] = [
        (.jestJSON, jest, 4), (.mochaJSON, mocha, 3), (.mochawesome, mochawesome, 3),
        (.playwrightJSON, playwright, 2), (.rspecJSON, rspec, 3), (.pytestJSONReport, pytest, 3), (.ctrf, ctrf, 3),
    ]
}
