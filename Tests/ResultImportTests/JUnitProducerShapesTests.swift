import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

/// Files of real producers whose shapes the JUnit format leaves open (Tests/Fixtures/corpus/README.md).
@Suite struct JUnitProducerShapesTests {
    private func imported(_ file: String) throws -> ImportHarness.Result {
        try ImportHarness.run([ImportHarness.corpus("junit/" + file)])
    }

    private func test(_ name: String, in result: ImportHarness.Result) throws -> TestRecord {
        try #require(result.results.tests.first { $0.identity.name == name })
    }

    @Test func goJUnitReportSkipKeepsItsMessageAndItsText() throws {
        let result = try imported("go-junit-report/012-report.xml")
        #expect(result.totals.tests == 11 && result.totals.failed == 4 && result.totals.skipped == 1)
        let skipped = try test("TestSubtests/Subtest#02", in: result)
        #expect(skipped.status == .skipped && skipped.finalAttempt?.statusReason == "Skipped")
        let skip = try #require(skipped.finalAttempt?.issues.first { $0.kind == .skip })
        #expect(skip.message == "Skipped")
        #expect(skip.details == "subtests_test.go:13: skip message")
    }

    @Test func anEmptyFailureBesideAnErrorIsThatError() throws {
        let result = try imported("webdriverio/error-options.xml")
        #expect(result.totals.tests == 3 && result.totals.failed == 1 && result.totals.skipped == 1)
        let failed = try test("closes_the_banner", in: result)
        let issues = try #require(failed.finalAttempt?.issues)
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .thrownError)
        #expect(issues.first?.message == #"Error: element (".banner") still displayed after 20000ms"#)
    }

    @Test func anEmptyErrorBesideAFailureMakesThatFailureAnError() throws {
        let xml = """
            <testsuite name="s"><testcase classname="c" name="t">
            <failure message="expected 1">trace</failure><error/>
            </testcase></testsuite>
            """
        let issues = try #require(
            try ImportHarness.run(text: xml, name: "e.xml").results.tests.first?.finalAttempt?.issues)
        #expect(issues.map(\.kind) == [.thrownError] && issues.first?.message == "expected 1")
    }

    @Test func godogStepsSkippedAfterAFailureLeaveItAFailure() throws {
        let result = try imported("godog/some_scenarios_including_failing.xml")
        #expect(result.totals.tests == 4 && result.totals.failed == 4)
        let failing = try test("failing", in: result)
        let issues = try #require(failing.finalAttempt?.issues)
        #expect(issues.filter(\.kind.isFailure).map(\.kind) == [.assertion])
        #expect(issues.filter(\.kind.isFailure).first?.message == "Step failing step: step failed")
        #expect(issues.contains { $0.kind == .skip && $0.message == "Step passing step" })
        let pending = try test("pending", in: result)
        #expect(pending.finalAttempt?.issues.filter(\.kind.isFailure).map(\.type) == ["pending"])
        #expect(pending.finalAttempt?.issues.filter(\.kind.isFailure).first?.kind == .thrownError)
    }

    @Test func aTestWithOnlySkippedStepsIsSkippedAndASkippedElementStillGivesItsReason() throws {
        let xml = """
            <testsuite name="s">
            <testcase classname="c" name="steps"><error message="Step a" type="skipped"/></testcase>
            <testcase classname="c" name="both"><error message="Step a" type="skipped"/><skipped message="not now"/></testcase>
            </testsuite>
            """
        let result = try ImportHarness.run(text: xml, name: "steps.xml")
        let steps = try test("steps", in: result)
        #expect(steps.status == .skipped && steps.finalAttempt?.statusReason == "Step a")
        #expect(steps.finalAttempt?.issues.count == 1)
        let both = try test("both", in: result)
        #expect(both.finalAttempt?.statusReason == "not now")
        #expect(both.finalAttempt?.issues.map(\.message) == ["Step a", "not now"])
    }

    @Test func theClassAttributeIsTheClassnameWhenThereIsNone() throws {
        let result = try imported("codeception/cest-class-attribute.xml")
        let cest = try test("testAddition", in: result)
        #expect(cest.identity.module == nil && cest.identity.suites == [#"App\Tests\Functional\CalculatorCest"#])
        #expect(cest.location?.line == 14)
        let cept = try test("Login: see the dashboard", in: result)
        #expect(cept.identity.suites == ["functional"])
        // Both written (PHPUnit 6 on): the classname wins.
        let both = try imported("test-reporter/external/phpunit/phpcheckstyle-phpunit.xml")
        #expect(try test("testGoodDoc", in: both).identity.suites == ["CommentsTest"])
    }

    @Test func aPlainTestCaseWithAClassAttributeGetsItToo() throws {
        let xml = #"<testsuite name="s"><testcase name="testOne" class="Acme\FooTest" time="0.01"/></testsuite>"#
        let test = try #require(try ImportHarness.run(text: xml, name: "c.xml").results.tests.first)
        #expect(test.identity.suites == [#"Acme\FooTest"#])
    }
}
