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

extension LibTestJSONParserTests {
    @Test func passedTestsWithoutOutputArriveAsBytesWhateverTheirSuites() throws {
        let directory = try TestPaths.makeTemporaryDirectory("libtest-bytes")
        let url = directory.appendingPathComponent("libtest.json")
        try Data(
            #"""
            {"type":"test","event":"started","name":"outer::inner::deep"}
            {"type":"test","event":"ok","name":"outer::inner::deep","exec_time":0.25}
            {"type":"test","event":"ok","name":"top"}
            {"type":"test","event":"ok","name":"crate::bin$a::b::c"}
            {"type":"test","event":"ok","name":"src/lib.rs - add (line 3)"}
            {"type":"test","event":"ok","name":"a::::b:::c"}
            {"type":"test","event":"ok","name":"printed::something","stdout":"hello\n"}
            """#.utf8
        ).write(to: url)
        let sink = BytesCountingSink()
        let run = try sink.beginRun(RunRecord(producer: "tests", source: "import"))
        _ = try ResultImporter(sink: sink, runIndex: run).importFile(url.path, format: .libtestJSON)
        #expect(
            sink.passedFromBytes == [
                "outer/inner/deep", "top", "crate::bin/a/b/c", "src/lib.rs - add (line 3)", "a//b/:c",
            ])
        #expect(
            sink.results.tests.first
                == TestRecord(
                    identity: TestIdentity(suites: ["outer", "inner"], name: "deep"),
                    attempts: [TestAttempt(status: .passed, duration: 0.25)]))
        #expect(sink.results.tests.last?.attempts.first?.output?.text == "hello\n")
    }

    @Test func testsStartedAndEndedInAnyOrderLeaveOnlyTheUnendedOnesRunning() throws {
        let result = try imported(
            #"""
            {"type":"test","event":"started","name":"a"}
            {"type":"test","event":"started","name":"a"}
            {"type":"test","event":"ok","name":"a"}
            {"type":"test","event":"started","name":"b"}
            {"type":"test","event":"started","name":"c"}
            {"type":"test","event":"ok","name":"b"}
            {"type":"test","event":"started","name":"d::e"}
            {"type":"test","event":"failed","name":"d::e"}
            {"type":"test","event":"started","name":"f"}
            {"type":"test","event":"ok","name":"g"}
            """#)
        #expect(result.results.tests.filter { $0.status == .interrupted }.map(\.id) == ["c", "f"])
        #expect(result.diagnostics(.error).first?.line == 5)
    }

    static let names = [
        "plain", "a::b", "a::b::c", "::a", "a::", "a:::b", "a::::b", "", "::", "crate$path::x", "crate::bin$a::b#1",
        "crate::bin$a::b#2", "crate::bin$a::b#+3", "crate::bin$a::b#x", "crate$$x", "x#5", "$a", "a$",
        "src/lib.rs - add (line 3)", "crate$src/lib.rs - add (line 3)", "a::b - c (line 4)", "a::b (line 4)",
        "ünï::cödé", "a::b\u{301}", "a$\u{301}b::c",
    ]

    @Test(arguments: names)
    func theBytesOfAPlainNameSplitAsItsStringDoes(name: String) {
        let bytes = Array(name.utf8)
        var module: Range<Int>?
        var parts: [Range<Int>] = []
        let isPlain = bytes.withUnsafeBufferPointer { LibTestName.plainParts(of: $0, module: &module, parts: &parts) }
        let (identity, runs) = LibTestName.parse(name)
        guard isPlain else {
            #expect(runs > 1 || !name.utf8.allSatisfy { $0 < 0x80 }, "\(name) is plain")
            return
        }
        let strings = parts.map { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(runs == 1)
        #expect(module.map { String(decoding: bytes[$0], as: UTF8.self) } == identity.module)
        #expect(Array(strings.dropLast()) == identity.suites && strings.last == identity.name)
    }
}
