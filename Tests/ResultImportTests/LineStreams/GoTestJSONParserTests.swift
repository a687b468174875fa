import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// test2json streams: reruns, tests stopped by their package, damaged and cut streams.
@Suite struct GoTestJSONParserTests {
    private func imported(_ lines: [String]) throws -> ImportHarness.Result {
        try ImportHarness.run(text: lines.joined(separator: "\n") + "\n", name: "go.json", format: .goTestJSON)
    }

    private func event(_ action: String, _ test: String? = nil, output: String? = nil, package: String = "m/p")
        -> String
    {
        var fields = [#""Action":"\#(action)""#, #""Package":"\#(package)""#]
        if let test { fields.append(#""Test":"\#(test)""#) }
        if let output { fields.append(#""Output":"\#(output)\n""#) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    @Test func aRerunLaterInTheStreamMakesTheFailureAnEarlierAttempt() throws {
        let result = try imported([
            event("run", "TestFlaky"), event("output", "TestFlaky", output: "    x_test.go:3: not yet"),
            event("fail", "TestFlaky"), event("fail"),
            event("run", "TestFlaky"), event("pass", "TestFlaky"), event("pass"),
        ])
        let test = try #require(result.test("m/p/TestFlaky"))
        #expect(test.attempts.map(\.status) == [.failed, .passed])
        #expect(test.status == .passed && test.isFlaky)
        #expect(test.attempts[0].issues.first?.location == Place(file: "x_test.go", line: 3))
        #expect(result.totals.tests == 1)
    }

    @Test func testsStillRunningWhenTheirPackageFailsFailWithThePackagesOutput() throws {
        let result = try imported([
            event("run", "TestA"), event("run", "TestB"), event("pass", "TestA"),
            event("output", output: "panic: runtime error: index out of range"), event("fail"),
        ])
        let stopped = try #require(result.test("m/p/TestB"))
        #expect(stopped.status == .failed)
        #expect(stopped.attempts[0].issues.first?.message == "runtime error: index out of range")
        #expect(result.totals.tests == 2)
    }

    @Test func aPackageThatFailsWithoutAFailedTestIsOneFailedTest() throws {
        let result = try imported([event("run", "TestA"), event("pass", "TestA"), event("fail")])
        #expect(result.test("m/p/(package)")?.status == .failed)
    }

    @Test func aParentFailingOnItsOwnIsATestAndOtherwiseOnlyItsSubtestsAre() throws {
        let result = try imported([
            event("run", "TestOwn"), event("run", "TestOwn/sub"), event("pass", "TestOwn/sub"),
            event("fail", "TestOwn"),
            event("run", "TestSuite"), event("run", "TestSuite/bad"), event("fail", "TestSuite/bad"),
            event("fail", "TestSuite"), event("fail"),
        ])
        #expect(Set(result.results.tests.map(\.id)) == ["m/p/TestOwn/sub", "m/p/TestOwn", "m/p/TestSuite/bad"])
    }

    @Test func aDamagedLineIsAnErrorNamingItsLineAndColumnAndTheRestIsRead() throws {
        let result = try imported([
            event("run", "TestA"), #"{"Action":"pass","Test":}"#, event("pass", "TestA"), event("pass"),
        ])
        #expect(result.test("m/p/TestA")?.status == .passed)
        let error = try #require(result.diagnostics(.error).first)
        #expect(error.line == 2 && error.message.contains("column"))
    }

    @Test func aCutStreamWritesItsRunningTestsAsInterruptedWithAnError() throws {
        let result = try imported([event("run", "TestA"), event("pass", "TestA"), event("run", "TestB")])
        #expect(result.test("m/p/TestB")?.status == .interrupted)
        #expect(result.diagnostics(.error).first?.message.contains("package m/p") == true)
    }
}

extension GoTestJSONParserTests {
    @Test func passedTestsWithoutOutputArriveAsBytesWithTheirStartAndDuration() throws {
        let directory = try TestPaths.makeTemporaryDirectory("go-bytes")
        let url = directory.appendingPathComponent("go.json")
        try Data(
            [
                #"{"Time":"2026-01-02T03:04:05Z","Action":"run","Package":"m/p","Test":"TestA/sub"}"#,
                #"{"Action":"pass","Package":"m/p","Test":"TestA/sub","Elapsed":0.5}"#,
                #"{"Action":"run","Package":"m/p","Test":"TestB/x/y"}"#,
                #"{"Action":"pass","Package":"m/p","Test":"TestB/x/y","Elapsed":0.25}"#,
                #"{"Action":"run","Package":"m/p","Test":"TestFails"}"#,
                #"{"Action":"fail","Package":"m/p","Test":"TestFails"}"#,
                #"{"Action":"run","Package":"m/p","Test":"TestAfter"}"#,
                #"{"Action":"output","Package":"m/p","Test":"TestAfter","Output":"=== RUN   TestAfter\n"}"#,
                #"{"Action":"output","Package":"m/p","Test":"TestAfter","Output":"--- PASS: TestAfter (0.00s)\n"}"#,
                #"{"Action":"pass","Package":"m/p","Test":"TestAfter"}"#,
            ].joined(separator: "\n").utf8
        ).write(to: url)
        let sink = BytesCountingSink()
        let run = try sink.beginRun(RunRecord(producer: "tests", source: "import"))
        _ = try ResultImporter(sink: sink, runIndex: run).importFile(url.path, format: .goTestJSON)
        #expect(sink.passedFromBytes == ["m/p/TestA/sub", "m/p/TestB/x/y", "m/p/TestAfter"])
        #expect(
            sink.results.tests.first
                == TestRecord(
                    identity: TestIdentity(module: "m/p", suites: ["TestA"], name: "sub"),
                    attempts: [TestAttempt(status: .passed, start: 1_767_323_045, duration: 0.5)]))
        #expect(sink.results.tests.map(\.id) == ["m/p/TestA/sub", "m/p/TestB/x/y", "m/p/TestAfter", "m/p/TestFails"])
    }
}

extension GoTestJSONParserTests {
    @Test func heldFailuresPastTheirLimitAreWrittenOldestFirstAndEveryFailureIsKept() throws {
        var held = HeldFailures<String>()
        var written: [String] = []
        for index in 0..<(HeldFailures<String>.maxCount + 5) {
            let record = TestRecord(
                identity: TestIdentity(name: "T\(index)"), attempts: [TestAttempt(status: .failed)])
            written += held.hold(record, for: "T\(index)").map(\.identity.name)
        }
        #expect(written == (0..<5).map { "T\($0)" })
        #expect(held.take("T7")?.identity.name == "T7")
        let rest = held.drain().map(\.identity.name)
        #expect(rest.count == HeldFailures<String>.maxCount - 1 && rest.first == "T5" && !rest.contains("T7"))
    }
}

extension GoTestJSONParserTests {
    static let outputs = [
        "=== RUN   TestA\\n", "--- PASS: TestA (0.00s)\\n", "    --- FAIL: TestA/sub (0.01s)\\n", "=== RUN\\n",
        "=== RUN", "=== PAUSE TestB\\n", "=== CONT  TestB\\n", "=== NAME  TestB\\n", "=== RUNNING\\n",
        "--- SKIP: x", "--- PASS:x", "=== RUN\\u00e9", "=== RUN\u{301} combined", "\\u003d== RUN   TestA\\n",
        "    x_test.go:3: not framing\\n", "PASS\\n", "", "--- PASS: \\\"quoted\\\"",
    ]

    @Test(arguments: outputs)
    func framingToldFromAnOutputsBytesIsFramingByItsText(output: String) throws {
        let line = Array(#"{"Output":"\#(output)"}"#.utf8)
        let members = GoTestEvent()
        try line.withUnsafeBufferPointer { bytes in
            #expect(members.scan(bytes))
            let value = try #require(members[.output])
            guard GoTestName.isFraming(plainOutput: value) else { return }
            var text = try #require(value.value.string)
            if text.hasSuffix("\n") { text.removeLast() }
            #expect(GoTestName.isFraming(text[...]))
        }
    }
}
