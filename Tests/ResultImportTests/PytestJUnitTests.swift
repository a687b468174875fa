import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

/// pytest's JUnit XML, as pytest 9 wrote it for `Tests/Fixtures/corpus/junit/pytest-made/test_calc.py.txt`:
/// `test_add_wrong` is defined on line 12 and fails on line 14; `test_divide_by_zero` fails in a helper on line 32.
@Suite struct PytestJUnitTests {
    static let families = ["calc-xunit1.xml", "calc-xunit2.xml"]

    private func imported(_ file: String) throws -> ImportHarness.Result {
        try ImportHarness.run([ImportHarness.corpus("junit/pytest-made/" + file)])
    }

    private func test(_ name: String, in result: ImportHarness.Result) throws -> TestRecord {
        try #require(result.results.tests.first { $0.identity.name == name })
    }

    @Test(arguments: families)
    func failuresAreAtTheLineTheTraceEndsOn(file: String) throws {
        let result = try imported(file)
        let wrong = try #require(try test("test_add_wrong", in: result).finalAttempt?.issues.first)
        #expect(wrong.location == Place(file: "tests/test_calc.py", line: 14))
        let divide = try #require(try test("test_divide_by_zero", in: result).finalAttempt?.issues.first)
        #expect(divide.location == Place(file: "tests/test_calc.py", line: 32))
    }

    @Test func xunit1LinesCountFromZeroAndOtherProducersLinesDoNot() throws {
        let result = try imported("calc-xunit1.xml")
        #expect(try test("test_add_wrong", in: result).location == Place(file: "tests/test_calc.py", line: 12))
        #expect(try test("test_add", in: result).location?.line == 8)
        let other = try ImportHarness.run([
            ImportHarness.corpus("junit/test-reporter/external/phpunit/phpcheckstyle-phpunit.xml")
        ])
        #expect(try test("testGoodDoc", in: other).location?.line == 12)
    }

    @Test(arguments: families)
    func anXfailIsAnExpectedFailure(file: String) throws {
        let result = try imported(file)
        #expect(result.totals.tests == 5 && result.totals.passed == 1 && result.totals.failed == 2)
        #expect(result.totals.skipped == 1 && result.totals.expectedFailures == 1)
        let round = try test("test_round", in: result)
        #expect(round.status == .expectedFailure)
        let issue = try #require(round.finalAttempt?.issues.first)
        #expect(issue.kind == .knownIssue && issue.message == "rounding is not implemented")
        let skip = try #require(try test("test_download", in: result).finalAttempt?.issues.first)
        #expect(skip.kind == .skip && skip.message == "no network here")
        #expect(skip.details?.hasSuffix("tests/test_calc.py:22: no network here") == true)
    }

    @Test func anXfailWithoutAReasonIsStillAnExpectedFailure() throws {
        let result = try ImportHarness.run([ImportHarness.corpus("junit/test-reporter/python-xunit-pytest.xml")])
        #expect(try test("test_expected_failure", in: result).status == .expectedFailure)
    }
}
