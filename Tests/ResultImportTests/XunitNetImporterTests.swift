import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// xUnit.net v2 and v3: traits, NotRun, output, locations, errors outside tests, totals and damage.
@Suite struct XunitNetImporterTests {
    static let document = """
        <?xml version="1.0" encoding="utf-8"?>
        <assemblies timestamp="06/15/2018 18:09:29">
          <assembly name="/src/Calc.Tests.dll" total="4" passed="1" failed="1" skipped="1" not-run="1" errors="1">
            <errors>
              <error type="test-class-cleanup" name="Calc.Tests.CalcTests">
                <failure exception-type="System.InvalidOperationException">
                  <message><![CDATA[cleanup broke]]></message></failure>
              </error>
            </errors>
            <collection total="4" passed="1" failed="1" skipped="1" name="Test collection for Calc.Tests.CalcTests">
              <test name="Calc.Tests.CalcTests.Adds" type="Calc.Tests.CalcTests" method="Adds" time="0.5" result="Pass"
                source-file="/src/CalcTests.cs" source-line="12">
                <traits><trait name="Category" value="fast" /><trait name="Owner" value="ann" /></traits>
                <output><![CDATA[printed]]></output>
              </test>
              <test name="Calc.Tests.CalcTests.Fails(x: 1)" type="Calc.Tests.CalcTests" method="Fails" time="0.1"
                result="Fail">
                <failure exception-type="Xunit.Sdk.EqualException">
                  <message><![CDATA[Assert.Equal() Failure]]></message>
                  <stack-trace><![CDATA[   at Calc.Tests.CalcTests.Fails(Int32 x) in /src/CalcTests.cs:line 20]]></stack-trace>
                </failure>
              </test>
              <test name="Later" type="Calc.Tests.CalcTests" method="Later" time="0" result="Skip">
                <reason><![CDATA[not today]]></reason></test>
              <test name="Calc.Tests.CalcTests.Explicit" type="Calc.Tests.CalcTests" method="Explicit" result="NotRun" />
            </collection>
          </assembly>
        </assemblies>
        """

    @Test func testsTraitsOutputAndErrorsOutsideTestsAreRead() throws {
        let result = try DotNetXML.run(Self.document, name: "xunit.xml")
        #expect(result.outcomes.first?.format == .xunitNet)
        #expect(
            result.results.tests.map(\.id) == [
                "Calc/Tests/CalcTests/(test-class-cleanup)", "Calc/Tests/CalcTests/Adds",
                "Calc/Tests/CalcTests/Fails(x: 1)",
                "Calc/Tests/CalcTests/Later", "Calc/Tests/CalcTests/Explicit",
            ])
        #expect(result.totals.passed == 1 && result.totals.failed == 2 && result.totals.skipped == 2)
        let adds = try DotNetXML.test("Adds", in: result)
        #expect(adds.tags == ["fast", "Owner=ann"])
        #expect(adds.location == Place(file: "/src/CalcTests.cs", line: 12))
        #expect(adds.finalAttempt?.output?.text == "printed")
        let issue = try #require(try DotNetXML.test("Fails(x: 1)", in: result).finalAttempt?.issues.first)
        #expect(issue.type == "Xunit.Sdk.EqualException")
        #expect(issue.location == Place(file: "/src/CalcTests.cs", line: 20))
        #expect(try DotNetXML.test("Later", in: result).finalAttempt?.statusReason == "not today")
        #expect(
            try DotNetXML.test("(test-class-cleanup)", in: result).finalAttempt?.issues.first?.message
                == "cleanup broke")
        #expect(result.outcomes.first?.diagnostics.isEmpty == true, "\(result.outcomes)")
    }

    @Test func totalsThatDisagreeAreOneWarning() throws {
        let text = Self.document.replacingOccurrences(
            of: #"total="4" passed="1" failed="1" skipped="1" not-run"#,
            with: #"total="9" passed="1" failed="1" skipped="1" not-run"#)
        let result = try DotNetXML.run(text, name: "wrong.xml")
        let warnings = result.outcomes.flatMap(\.diagnostics).map(\.message)
        #expect(
            warnings == [
                "the <assembly> elements declares total 9, but the tests read give total 4; the tests read are counted"
            ])
    }

    @Test func aCutAtAnyByteKeepsTheTestsBeforeIt() throws {
        try DotNetXML.checkEveryCut(of: Self.document, name: "cut.xml", whole: 5)
    }
}
