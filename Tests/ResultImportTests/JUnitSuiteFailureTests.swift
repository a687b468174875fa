import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

/// A `<testsuite>`'s own `<error>` or `<failure>` (a setup that failed before any test case ran) is
/// never dropped.
@Suite struct JUnitSuiteFailureTests {
    static let xml = """
        <testsuites>
        <testsuite name="pkg.Setup" tests="0" errors="1">
          <error message="setUpClass failed" type="RuntimeError">Traceback: boom</error>
        </testsuite>
        <testsuite name="pkg.Fine"><testcase classname="pkg.Fine" name="ok"/></testsuite>
        </testsuites>
        """

    @Test func theSuiteIsFailedWithItsIssue() throws {
        let result = try ImportHarness.run(text: Self.xml, name: "setup.xml")
        let suite = try #require(result.results.suites.first { $0.path == ["pkg.Setup"] })
        #expect(suite.status == .failed)
        #expect(suite.issues.map(\.message) == ["setUpClass failed"])
        #expect(suite.issues.first?.kind == .thrownError && suite.issues.first?.type == "RuntimeError")
    }

    @Test func theFailureCountsAsAFailedTestNamedAfterTheSuite() throws {
        let result = try ImportHarness.run(text: Self.xml, name: "setup.xml")
        #expect(result.totals.failed == 1 && result.totals.passed == 1)
        let failed = try #require(result.results.tests.first { $0.status == .failed })
        #expect(failed.identity == TestIdentity(module: "pkg", suites: ["Setup"], name: "(suite)"))
        #expect(failed.finalAttempt?.issues.first?.details == "Traceback: boom")
        #expect(result.outcomes.first?.testCount == 2)
    }
}
