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
            ].joined(separator: "\n").utf8
        ).write(to: url)
        let sink = BytesCountingSink()
        let run = try sink.beginRun(RunRecord(producer: "tests", source: "import"))
        _ = try ResultImporter(sink: sink, runIndex: run).importFile(url.path, format: .goTestJSON)
        #expect(sink.passedFromBytes == ["m/p/TestA/sub"])
        #expect(
            sink.results.tests.first
                == TestRecord(
                    identity: TestIdentity(module: "m/p", suites: ["TestA"], name: "sub"),
                    attempts: [TestAttempt(status: .passed, start: 1_767_323_045, duration: 0.5)]))
        #expect(sink.results.tests.map(\.id) == ["m/p/TestA/sub", "m/p/TestB/x/y"])
    }
}

extension GoTestJSONParserTests {
    @Test func heldFailuresPastTheirLimitAreWrittenOldestFirstAndEveryFailureIsKept() throws {
        var held = HeldFailures<String>()
        var written: [String] = []
        for index in 0..<(HeldFailures.maxCount + 5) {
            let record = TestRecord(
                identity: TestIdentity(name: "T\(index)"), attempts: [TestAttempt(status: .failed)])
            written += held.hold(record, for: "T\(index)").map(\.identity.name)
        }
        #expect(written == (0..<5).map { "T\($0)" })
        #expect(held.take("T7")?.identity.name == "T7")
        let rest = held.drain().map(\.identity.name)
        #expect(rest.count == HeldFailures.maxCount - 1 && rest.first == "T5" && !rest.contains("T7"))
    }
}
