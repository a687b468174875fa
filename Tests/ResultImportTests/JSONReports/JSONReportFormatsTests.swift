import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// What the JSON report formats read: statuses by each format's own words, hooks, retries, stages, projects, text
/// before the document and declared totals.
@Suite struct JSONReportFormatsTests {
    static func imported(_ text: String, name: String = "report.json") throws -> ImportHarness.Result {
        try ImportHarness.run(text: text, name: name)
    }

    @Test(arguments: JSONReportSamples.all.map(\.format.rawValue))
    func eachSampleIsDetectedAsItsFormatAndReadWhole(_ name: String) throws {
        let sample = try #require(JSONReportSamples.all.first { $0.format.rawValue == name })
        let result = try Self.imported(sample.text)
        #expect(result.outcomes.first?.format == sample.format)
        #expect(result.results.tests.count == sample.tests)
        #expect(result.outcomes.first?.diagnostics.isEmpty == true, "\(result.outcomes.first?.diagnostics ?? [])")
    }

    @Test func jestTodoAndPendingAreSkippedAndAFailureKeepsItsPlace() throws {
        let tests = try Self.imported(JSONReportSamples.jest).results.tests
        let byName = Dictionary(uniqueKeysWithValues: tests.map { ($0.identity.name, $0) })
        #expect(byName["later"]?.status == .skipped)
        #expect(byName["some day"]?.status == .skipped)
        #expect(byName["some day"]?.finalAttempt?.statusReason == "todo")
        let issue = try #require(byName["divides"]?.finalAttempt?.issues.first)
        #expect(issue.message == "Error: expected 2")
        #expect(issue.location == Place(file: "src/math.test.js", line: 9, column: 15))
        #expect(byName["adds"]?.identity.suites == ["src/math.test.js", "math"])
    }

    @Test func aMochaHookFailureIsAFailedTestAndCountsAmongTheFailures() throws {
        let result = try Self.imported(JSONReportSamples.mocha)
        let hook = try #require(result.results.tests.first { $0.identity.name.hasPrefix("\"before each\" hook") })
        #expect(hook.status == .failed)
        #expect(hook.finalAttempt?.issues.first?.message == "db down")
        #expect(result.totals.failed == 2)
    }

    @Test func aPytestSetupErrorFailsTheTestAndAnXfailIsAnExpectedFailure() throws {
        let tests = try Self.imported(JSONReportSamples.pytest).results.tests
        let database = try #require(tests.first { $0.identity.name == "test_db" })
        #expect(database.status == .failed)
        #expect(database.finalAttempt?.issues.first?.message == "error in setup: RuntimeError: db down")
        #expect(database.finalAttempt?.issues.first?.location == Place(file: "test_a.py", line: 5))
        #expect(database.finalAttempt?.activities.map(\.title) == ["setup", "teardown"])
        let bug = try #require(tests.first { $0.identity.name == "test_bug" })
        #expect(bug.status == .expectedFailure)
        #expect(bug.tags == ["xfail"])
        let passing = try #require(tests.first { $0.identity.name == "test_ok" })
        #expect(passing.tags.isEmpty)
        #expect(passing.location == Place(file: "test_a.py", line: 4))
    }

    @Test func playwrightRetriesAreAttemptsAndProjectsAreRunsOfTheirOwn() throws {
        let result = try Self.imported(JSONReportSamples.playwright)
        #expect(result.results.runs.map(\.record.name) == [nil, "chromium", "firefox"])
        let flaky = try #require(result.results.tests.first { $0.properties.first?.value == "chromium" })
        #expect(flaky.attempts.map(\.status) == [.failed, .passed])
        #expect(flaky.isFlaky)
        #expect(flaky.attempts.first?.issues.first?.location == Place(file: "a.spec.ts", line: 4, column: 5))
        let other = try #require(result.results.tests.first { $0.properties.first?.value == "firefox" })
        #expect(other.runIndex != flaky.runIndex)
        #expect(other.finalAttempt?.activities.first?.title == "goto")
    }

    @Test func aPlaywrightReportOfOneProjectStaysInTheImportsRun() throws {
        let single = JSONReportSamples.playwright.replacingOccurrences(of: "\"firefox\"", with: "\"chromium\"")
        let result = try Self.imported(single)
        #expect(result.results.runs.count == 1)
        #expect(result.results.tests.allSatisfy { $0.runIndex == 0 })
    }

    @Test func ctrfRetryAttemptsAreEarlierAttempts() throws {
        let tests = try Self.imported(JSONReportSamples.ctrf).results.tests
        let divides = try #require(tests.first { $0.identity.name == "divides" })
        #expect(divides.attempts.count == 2)
        #expect(divides.identity.suites == ["math"])
        #expect(tests.first { $0.identity.name == "adds" }?.tags == ["@fast"])
    }

    @Test func textPrintedBeforeTheReportIsSkippedAndLinesStayTheInputs() throws {
        let noise = "warning: something is deprecated\nRandomized with seed 1234\n"
        let result = try Self.imported(noise + JSONReportSamples.rspec)
        #expect(result.results.tests.count == 3)
        let failed = try #require(result.results.tests.first { $0.status == .failed })
        #expect(failed.finalAttempt?.issues.first?.location == Place(file: "spec/a_spec.rb", line: 8))
        // Damage after the first example: the error names the line in the input, counting the text before it.
        let third = try #require(JSONReportSamples.rspec.range(of: "{\"id\":\"./spec/a_spec.rb[1:3]"))
        let cut = String(JSONReportSamples.rspec[..<third.lowerBound])
        let damaged = try Self.imported(noise + cut)
        let error = try #require(damaged.outcomes.first?.diagnostics.first { $0.severity == .error })
        #expect(error.line == 2 + cut.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(damaged.results.tests.count == 2)
    }

    /// A declared count of each format, and the same count made wrong.
    static let wrongTotals: [(format: String, right: String, wrong: String)] = [
        ("jest-json", "\"numTotalTests\":4", "\"numTotalTests\":5"),
        ("mocha-json", "\"passes\":1", "\"passes\":7"),
        ("mochawesome", "\"testsRegistered\":3", "\"testsRegistered\":30"),
        ("playwright-json", "\"expected\":1", "\"expected\":2"),
        ("rspec-json", "\"example_count\":3", "\"example_count\":4"),
        ("pytest-json-report", "\"total\":3", "\"total\":9"),
        ("ctrf", "\"tests\":3", "\"tests\":8"),
    ]

    @Test(arguments: wrongTotals.map(\.format))
    func eachFormatsDeclaredTotalsAreHeldAgainstItsTests(_ name: String) throws {
        let sample = try #require(JSONReportSamples.all.first { $0.format.rawValue == name })
        let change = try #require(Self.wrongTotals.first { $0.format == name })
        #expect(sample.text.contains(change.right))
        let result = try Self.imported(sample.text.replacingOccurrences(of: change.right, with: change.wrong))
        let warnings = result.outcomes.first?.diagnostics.filter { $0.severity == .warning } ?? []
        #expect(warnings.count == 1, "\(warnings)")
        #expect(result.results.tests.count == sample.tests)
    }

    @Test func declaredTotalsThatDisagreeAreOneWarning() throws {
        let wrong = JSONReportSamples.jest.replacingOccurrences(of: "\"numTotalTests\":4", with: "\"numTotalTests\":5")
        let result = try Self.imported(wrong)
        let warnings = result.outcomes.first?.diagnostics.filter { $0.severity == .warning } ?? []
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("numTotalTests 5") == true)
        #expect(result.results.tests.count == 4)
    }
}
