import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// libtest JSON lines: names, declared totals, the invalid lines libtest writes on Windows.
@Suite struct LibTestJSONParserTests {
    private func imported(_ text: String) throws -> ImportHarness.Result {
        try ImportHarness.run(text: text, name: "libtest.json", format: .libtestJSON)
    }

    @Test func aWindowsDocTestNameWithUnescapedBackslashesIsReadAsWrittenWithAWarning() throws {
        let result = try imported(
            #"""
            { "type": "suite", "event": "started", "test_count": 1 }
            { "type": "test", "event": "started", "name": "src\lib.rs - add (line 3)" }
            { "type": "test", "name": "src\lib.rs - add (line 3)", "event": "ok", "exec_time": 0.01 }
            { "type": "test", "name": "src\tests\x.rs - f (line 9)", "event": "ignored" }
            { "type": "suite", "event": "ok", "passed": 1, "failed": 0, "ignored": 1, "measured": 0, "filtered_out": 0 }
            """#)
        #expect(result.results.tests.map(\.id) == [#"src\lib.rs - add (line 3)"#, #"src\tests\x.rs - f (line 9)"#])
        let warning = try #require(result.diagnostics(.warning).first)
        #expect(warning.line == 2 && warning.message.contains("backslashes"))
        #expect(result.diagnostics(.error).isEmpty)
    }

    @Test func nextestNamesTheBinaryAsTheModule() throws {
        let result = try imported(
            #"""
            {"type":"test","event":"started","name":"my-crate::integration$tests::adds"}
            {"type":"test","event":"failed","name":"my-crate::integration$tests::adds","stdout":"thread 'tests::adds' panicked at tests/integration.rs:4:5:\nassertion failed: false\nnote: run with `RUST_BACKTRACE=1`\n"}
            """#)
        let test = try #require(result.results.tests.first)
        #expect(test.identity == TestIdentity(module: "my-crate::integration", suites: ["tests"], name: "adds"))
        #expect(test.attempts[0].issues.first?.message == "assertion failed: false")
        #expect(test.attempts[0].issues.first?.location == Place(file: "tests/integration.rs", line: 4, column: 5))
    }

    @Test func aSuiteWhoseCountsDisagreeIsAWarning() throws {
        let result = try imported(
            """
            { "type": "test", "name": "a", "event": "ok" }
            { "type": "suite", "event": "ok", "passed": 2, "failed": 0, "ignored": 0 }
            """)
        #expect(result.diagnostics(.warning).first?.message.contains("declares passed 2") == true)
    }

    @Test func aCutStreamWritesTheStartedTestAsInterrupted() throws {
        let result = try imported(
            "{ \"type\": \"test\", \"event\": \"started\", \"name\": \"slow\" }\n{ \"type\": \"te")
        #expect(result.test("slow")?.status == .interrupted)
        #expect(result.diagnostics(.error).count == 2)
    }
}

extension LibTestJSONParserTests {
    @Test func nextestsRetryCountMakesEarlierFailedAttemptsOfTheSameTest() throws {
        let result = try ImportHarness.run(
            text: #"""
                {"type":"test","event":"started","name":"app::app$tests::flaky"}
                {"type":"test","event":"ok","name":"app::app$tests::flaky#3","exec_time":0.1}
                """#, name: "nextest.json", format: .libtestJSON)
        let test = try #require(result.results.tests.first)
        #expect(result.totals.tests == 1 && test.id == "app::app/tests/flaky")
        #expect(test.attempts.map(\.status) == [.failed, .failed, .passed] && test.isFlaky)
        #expect(result.diagnostics(.error).isEmpty)
    }
}

extension LibTestJSONParserTests {
    @Test func testsStartedAndNeverEndedAreBoundedAndNamedOnce() throws {
        var text = ""
        for index in 0...StreamOutput.maxOpen {
            text += "{\"type\":\"test\",\"event\":\"started\",\"name\":\"t\(index)\"}\n"
        }
        let result = try ImportHarness.run(text: text, name: "started.json", format: .libtestJSON)
        #expect(result.totals.tests == StreamOutput.maxOpen && result.totals.interrupted == StreamOutput.maxOpen)
        #expect(result.diagnostics(.warning).first?.message.contains("are open at line") == true)
        let errors = result.diagnostics(.error)
        #expect(errors.count == 1 && errors.first?.line == 1)
        #expect(errors.first?.message.contains("\(StreamOutput.maxOpen) tests (the first, t0,") == true)
    }
}
