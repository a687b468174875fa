import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// NUnit 3 and NUnit 2: outcomes, categories and properties, attachments, declared totals and damage.
@Suite struct NUnitImporterTests {
    static let version3 = """
        <?xml version="1.0" encoding="utf-8"?>
        <test-run id="2" testcasecount="5" result="Failed" total="5" passed="1" failed="2" inconclusive="1" skipped="1">
          <test-suite type="Assembly" name="Calc.Tests.dll">
            <test-suite type="TestFixture" name="CalcTests" fullname="Calc.Tests.CalcTests" classname="Calc.Tests.CalcTests">
              <test-case name="Adds" fullname="Calc.Tests.CalcTests.Adds" classname="Calc.Tests.CalcTests" result="Passed"
                duration="0.25" start-time="2021-06-28T20:23:41.4684284Z">
                <properties><property name="Category" value="fast" /><property name="Owner" value="ann" />
                  <property name="_SKIPREASON" value="internal" /></properties>
                <output><![CDATA[printed line]]></output>
                <attachments><attachment><filePath>shot.png</filePath><description>screen</description></attachment>
                </attachments>
              </test-case>
              <test-case name="Divides(0)" classname="Calc.Tests.CalcTests" result="Failed" label="Error">
                <failure><message><![CDATA[System.DivideByZeroException : Attempted to divide by zero.]]></message>
                  <stack-trace><![CDATA[   at Calc.Tests.CalcTests.Divides(Int32 x) in /src/CalcTests.cs:line 33]]></stack-trace>
                </failure>
                <assertions><assertion result="Failed"><message><![CDATA[repeated]]></message></assertion></assertions>
              </test-case>
              <test-case name="Slow" classname="Calc.Tests.CalcTests" result="Failed" label="Cancelled" />
              <test-case name="Maybe" classname="Calc.Tests.CalcTests" result="Inconclusive">
                <reason><message><![CDATA[no data]]></message></reason></test-case>
              <test-case name="Later" classname="Calc.Tests.CalcTests" result="Skipped" label="Ignored">
                <reason><message><![CDATA[not today]]></message></reason></test-case>
            </test-suite>
          </test-suite>
        </test-run>
        """

    @Test func outcomesCategoriesPropertiesOutputAndAttachmentsAreRead() throws {
        let directory = try TestPaths.makeTemporaryDirectory("nunit-attach")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: directory.appendingPathComponent("shot.png"))
        let url = directory.appendingPathComponent("TestResult.xml")
        try Data(Self.version3.utf8).write(to: url)
        let result = try ImportHarness.run([url.path])
        #expect(result.outcomes.first?.format == .nunit)
        #expect(result.totals.tests == 5 && result.totals.passed == 1 && result.totals.skipped == 2)
        let adds = try DotNetXML.test("Adds", in: result)
        #expect(adds.id == "Calc/Tests/CalcTests/Adds")
        #expect(adds.tags == ["fast"])
        #expect(adds.properties == [NameValue(name: "Owner", value: "ann")])
        #expect(adds.finalAttempt?.output?.text == "printed line")
        #expect(adds.finalAttempt?.attachments.map(\.name) == ["shot.png"])
        #expect(adds.duration == 0.25)
        let divides = try DotNetXML.test("Divides(0)", in: result)
        #expect(divides.status == .failed)
        let issue = try #require(divides.finalAttempt?.issues.first)
        #expect(issue.kind == .thrownError)
        #expect(issue.message == "System.DivideByZeroException : Attempted to divide by zero.")
        #expect(issue.location == Place(file: "/src/CalcTests.cs", line: 33))
        #expect(divides.finalAttempt?.issues.count == 1)
        #expect(try DotNetXML.test("Slow", in: result).status == .interrupted)
        #expect(try DotNetXML.test("Maybe", in: result).finalAttempt?.statusReason == "no data")
        #expect(result.outcomes.first?.diagnostics.isEmpty == true, "\(result.outcomes)")
    }

    static let version2 = """
        <test-results name="Calc.dll" total="2" errors="0" failures="1" not-run="2" ignored="1" invalid="1">
          <test-suite name="Calc" executed="True" success="False"><results>
            <test-case name="Calc.Tests.Adds" executed="True" result="Success" success="True" time="0.010">
              <categories><category name="fast" /></categories></test-case>
            <test-case name="Calc.Tests.Fails(&quot;a.b&quot;)" executed="True" result="Failure" success="False">
              <failure><message><![CDATA[Expected 1]]></message>
                <stack-trace><![CDATA[at Calc.Tests.Fails () [0x00000] in /src/Tests.cs:12]]></stack-trace></failure>
            </test-case>
            <test-case name="Calc.Tests.Ignored" executed="False" result="Ignored">
              <reason><message><![CDATA[later]]></message></reason></test-case>
            <test-case name="Calc.Tests.Private" executed="False" result="NotRunnable" />
          </results></test-suite>
        </test-results>
        """

    @Test func nunit2sNotExecutedTestsAreSkippedAndItsTotalsAgree() throws {
        let result = try DotNetXML.run(Self.version2, name: "nunit2.xml")
        #expect(
            result.results.tests.map(\.id) == [
                "Calc/Tests/Adds", #"Calc/Tests/Fails("a.b")"#, "Calc/Tests/Ignored", "Calc/Tests/Private",
            ])
        #expect(result.totals.passed == 1 && result.totals.failed == 1 && result.totals.skipped == 2)
        #expect(try DotNetXML.test("Adds", in: result).tags == ["fast"])
        let fails = try DotNetXML.test(#"Fails("a.b")"#, in: result)
        #expect(fails.finalAttempt?.issues.first?.location == Place(file: "/src/Tests.cs", line: 12))
        #expect(try DotNetXML.test("Ignored", in: result).finalAttempt?.statusReason == "later")
        #expect(result.outcomes.first?.diagnostics.isEmpty == true, "\(result.outcomes)")
    }

    @Test func totalsThatDisagreeAreOneWarning() throws {
        let text = Self.version3.replacingOccurrences(of: #"total="5" passed="1""#, with: #"total="6" passed="2""#)
        let result = try DotNetXML.run(text, name: "wrong.xml")
        // The attachment it names is not beside it: that is the other warning.
        let warnings = result.outcomes.flatMap(\.diagnostics).map(\.message).filter { !$0.contains("shot.png") }
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.contains("declares total 6, passed 2, but the tests read give total 5, passed 1") == true)
    }

    @Test func aOneTimeTeardownThatFailedIsAFailedSuiteTestOutsideNUnitsTotals() throws {
        let text = """
            <test-run total="1" passed="1" failed="0"><test-suite type="Assembly" name="a.dll" result="Failed" site="Child">
              <failure><message><![CDATA[One or more child tests had errors]]></message></failure>
              <test-suite type="TestFixture" name="Db" fullname="App.Db" classname="App.Db" result="Failed" site="TearDown">
                <failure><message><![CDATA[TearDown : System.IO.IOException : locked]]></message>
                  <stack-trace><![CDATA[   at App.Db.Close() in /src/Db.cs:line 9]]></stack-trace></failure>
                <test-case name="Opens" classname="App.Db" result="Passed" />
              </test-suite>
            </test-suite></test-run>
            """
        let result = try DotNetXML.run(text, name: "teardown.xml")
        #expect(result.results.tests.map(\.id) == ["App/Db/Opens", "App/Db/(suite)"])
        let suite = try DotNetXML.test("(suite)", in: result)
        #expect(suite.status == .failed)
        #expect(suite.finalAttempt?.issues.first?.message == "TearDown : System.IO.IOException : locked")
        #expect(suite.finalAttempt?.issues.first?.location == Place(file: "/src/Db.cs", line: 9))
        #expect(result.outcomes.first?.diagnostics.isEmpty == true, "\(result.outcomes)")
    }

    @Test func aCutAtAnyByteKeepsTheTestsBeforeIt() throws {
        try DotNetXML.checkEveryCut(of: Self.version2, name: "cut.xml", whole: 4)
    }
}
