import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// TRX: data-driven rows, definitions on either side of the results, Counters, result files and damage.
@Suite struct TRXImporterTests {
    static let dataDriven = """
        <?xml version="1.0" encoding="utf-8"?>
        <TestRun xmlns="http://microsoft.com/schemas/VisualStudio/TeamTest/2010">
          <Results>
            <UnitTestResult testId="p" testName="Rows" outcome="Failed" resultType="DataDrivenTest" />
            <UnitTestResult testId="p" testName="Rows (Data Row 0)" outcome="Passed" resultType="DataDrivenDataRow" />
            <UnitTestResult testId="p" testName="Rows (Data Row 1)" outcome="Failed" resultType="DataDrivenDataRow" />
            <UnitTestResult testId="q" executionId="e1" testName="Nested" outcome="Failed" resultType="DataDrivenTest">
              <InnerResults>
                <UnitTestResult testId="q" testName="Nested" dataRowInfo="1" outcome="Passed" parentExecutionId="e1"
                  resultType="DataDrivenDataRow" />
                <UnitTestResult testId="q" testName="Nested" dataRowInfo="2" outcome="Failed" parentExecutionId="e1"
                  resultType="DataDrivenDataRow"><Output><ErrorInfo><Message>row 2 broke</Message></ErrorInfo></Output>
                </UnitTestResult>
              </InnerResults>
            </UnitTestResult>
            <UnitTestResult testId="r" testName="Alone" outcome="Passed" resultType="DataDrivenTest" />
          </Results>
          <TestDefinitions>
            <UnitTest id="p"><TestMethod className="Ns.Rows, Ns, Version=1.0.0.0" name="Rows" /></UnitTest>
            <UnitTest id="q"><TestMethod className="Ns.Nested" name="Nested" />
              <TestCategory><TestCategoryItem TestCategory="slow" /></TestCategory></UnitTest>
          </TestDefinitions>
          <ResultSummary outcome="Failed"><Counters total="7" passed="3" failed="3" /></ResultSummary>
        </TestRun>
        """

    @Test func dataDrivenResultsAreReplacedByTheirRows() throws {
        let result = try DotNetXML.run(Self.dataDriven, name: "rows.trx")
        #expect(result.outcomes.first?.format == .trx)
        let ids = result.results.tests.map(\.id)
        #expect(
            ids == [
                "Ns/Rows/Rows (Data Row 0)", "Ns/Rows/Rows (Data Row 1)", "Ns/Nested/Nested (Data Row 1)",
                "Ns/Nested/Nested (Data Row 2)", "Alone",
            ])
        let failedRow = try DotNetXML.test("Nested (Data Row 2)", in: result)
        #expect(failedRow.status == .failed)
        #expect(failedRow.finalAttempt?.issues.first?.message == "row 2 broke")
        #expect(failedRow.tags == ["slow"])
    }

    @Test func countersThatDisagreeWithTheResultsAreOneWarning() throws {
        let result = try DotNetXML.run(Self.dataDriven, name: "rows.trx")
        let warnings = result.outcomes.flatMap(\.diagnostics).filter { $0.severity == .warning }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("declares total 7, failed 3") == true)
        #expect(warnings.first?.message.contains("give total 5, failed 2") == true)
    }

    @Test func definitionsBeforeOrAfterTheResultsGiveTheSameTests() throws {
        let results = """
              <Results>
                <UnitTestResult testId="a" testName="Adds" outcome="Passed" duration="00:00:01.5000000"
                  startTime="2026-09-20T22:36:21.4532778+02:00"><Output><StdOut>hello</StdOut></Output></UnitTestResult>
                <UnitTestResult testId="b" testName="Calc.Tests.Divides(2)" outcome="Timeout" />
              </Results>
            """
        let definitions = """
              <TestDefinitions>
                <UnitTest id="a"><TestMethod className="Calc.Tests" name="Adds" /></UnitTest>
                <UnitTest id="b"><TestMethod className="Calc.Tests" name="Divides" /></UnitTest>
              </TestDefinitions>
            """
        let after = try DotNetXML.run("<TestRun>\(results)\(definitions)</TestRun>", name: "after.trx")
        let before = try DotNetXML.run("<TestRun>\(definitions)\(results)</TestRun>", name: "before.trx")
        #expect(after.results.tests == before.results.tests)
        #expect(after.results.tests.map(\.id) == ["Calc/Tests/Adds", "Calc/Tests/Divides(2)"])
        let adds = try DotNetXML.test("Adds", in: after)
        #expect(adds.duration == 1.5)
        #expect(abs((adds.finalAttempt?.start ?? 0) - 1_789_936_581.453_277_8) < 0.001)
        #expect(adds.finalAttempt?.output?.text == "hello")
        #expect(try DotNetXML.test("Divides(2)", in: after).status == .timedOut)
    }

    @Test func resultFilesAreAttachedFromTheResultsFolder() throws {
        let directory = try TestPaths.makeTemporaryDirectory("trx-files")
        let folder = directory.appendingPathComponent("run_1/In/e1")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("log text".utf8).write(to: folder.appendingPathComponent("log.txt"))
        let trx = """
            <TestRun><TestSettings><Deployment runDeploymentRoot="run_1" /></TestSettings><Results>
            <UnitTestResult testId="a" testName="N.C.T" outcome="Passed" relativeResultsDirectory="e1">
              <ResultFiles><ResultFile path="log.txt" /><ResultFile path="missing.png" /></ResultFiles>
            </UnitTestResult></Results></TestRun>
            """
        let url = directory.appendingPathComponent("run.trx")
        try Data(trx.utf8).write(to: url)
        let result = try ImportHarness.run([url.path])
        let attachments = try #require(result.results.tests.first?.finalAttempt?.attachments)
        #expect(attachments.map(\.name) == ["log.txt"])
        #expect(attachments.first?.mediaType == "text/plain")
        let warnings = result.outcomes.flatMap(\.diagnostics).map(\.message)
        #expect(warnings.contains { $0.contains("missing.png") && $0.contains("does not exist") })
    }

    @Test func aHundredThousandDataRowsAreAHundredThousandTests() throws {
        var text = #"<TestRun><Results><UnitTestResult testId="d" testName="Row" outcome="Failed"><InnerResults>"#
        for row in 0..<100_000 {
            let outcome = row % 1000 == 7 ? "Failed" : "Passed"
            text += #"<UnitTestResult testId="d" testName="Row" dataRowInfo="\#(row)" outcome="\#(outcome)"/>"#
        }
        text += #"</InnerResults></UnitTestResult></Results><ResultSummary><Counters total="1"/></ResultSummary>"#
        text += "</TestRun>"
        let result = try DotNetXML.run(text, name: "rows.trx")
        #expect(result.results.tests.count == 100_000)
        #expect(result.totals.failed == 100)
        #expect(result.results.tests.last?.identity.name == "Row (Data Row 99999)")
        #expect(result.outcomes.first?.diagnostics.first?.message.contains("declares total 1") == true)
    }

    @Test func hostileValuesAreReadOrLeftOutNeverTrusted() throws {
        let text = """
            <TestRun><Results>
            <UnitTestResult testId="a" testName="" outcome="Bogus" duration="99999999999:00:00.5" startTime="x"/>
            <UnitTestResult testId="b" testName="((((.)" duration="-1:00:00" outcome="Passed"/>
            <UnitTestResult testId="c" testName="Z.Y" duration="1e400:00:00" outcome="Passed"/>
            </Results><ResultSummary><Counters total="99999999999999999999999" passed="-3"/></ResultSummary>
            </TestRun>
            """
        let result = try DotNetXML.run(text, name: "hostile.trx")
        #expect(result.results.tests.count == 3)
        #expect(result.results.tests.first?.status == .failed)
        #expect(result.results.tests.allSatisfy { ($0.duration ?? 0).isFinite && ($0.duration ?? 0) >= 0 })
    }

    @Test func aCutAtAnyByteKeepsTheResultsBeforeIt() throws {
        try DotNetXML.checkEveryCut(of: Self.dataDriven, name: "cut.trx", whole: 5)
    }

    @Test func nestingPastLibxml2sLimitIsAnErrorWithAPlace() throws {
        let text = "<TestRun>" + String(repeating: "<InnerResults>", count: 5000) + "</TestRun>"
        #expect {
            try DotNetXML.run(text, name: "deep.trx")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line != nil && error.message.contains("XML")
        }
    }
}
