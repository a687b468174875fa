import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

/// A suite's `system-err` is kept with its `system-out`, not dropped.
@Suite struct JUnitSuiteOutputTests {
    @Test func aSuitesSystemErrJoinsItsOutput() throws {
        let xml = """
            <testsuite name="s"><testcase classname="s" name="t"/>
            <system-out>out line</system-out><system-err>err line</system-err></testsuite>
            """
        let result = try ImportHarness.run(text: xml, name: "err.xml")
        let suite = try #require(result.results.suites.first)
        #expect(suite.output?.text == "out line\nerr line")
    }
}
