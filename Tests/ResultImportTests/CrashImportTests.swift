import Foundation
import ResultImport
import ResultModel
import Testing

/// Tests that crash the test process are crashed, with the crash as an issue: swift-argument-parser's real logs (an
/// index out of range at ExitCodeTests.swift:30, sequential and `--parallel`), Xcode's restart, swift-testing.
@Suite struct CrashImportTests {
    static let exitCodeTests = "/build/swift-argument-parser/Tests/ArgumentParserUnitTests/ExitCodeTests.swift"

    @Test(arguments: ["crash-sequential", "crash-parallel"])
    func fatalErrorMakesTheTestCrashedWithItsMessageAndProjectFrame(log: String) throws {
        let result = try ImportHarness.run([ImportHarness.corpus("swift-argument-parser/\(log).console.txt")])
        let crashed = result.results.tests.filter { $0.status == .crashed }
        #expect(crashed.map(\.identity.name) == ["testExitCodes"])
        let issue = try #require(crashed.first?.finalAttempt?.issues.first { $0.kind == .crash })
        #expect(issue.message == "Fatal error: Index out of range")
        #expect(issue.location == SourceLocation(file: Self.exitCodeTests, line: 30, column: 37))
        #expect(issue.details?.contains("ExitCodeTests.testExitCodes() + 112") == true)
        #expect(!result.results.tests.contains { $0.status == .interrupted })
        let counts = result.outcomes[0].reportedCounts
        #expect(counts["crashes"] == 1)
        #expect(counts["swiftTesting.parsed"] == 146)
        #expect(result.outcomes[0].diagnostics.filter { $0.severity == .warning }.isEmpty)
    }

    @Test func sequentialLogCountsTheXCTestsItParsedSoTheListSaysWhatDidNotRun() throws {
        let result = try ImportHarness.run([
            ImportHarness.corpus("swift-argument-parser/crash-sequential.console.txt")
        ])
        var end = RunEnd(reportedCounts: result.outcomes[0].reportedCounts)
        #expect(end.reportedCounts["xctest.parsed"] == 12)
        #expect(TestsNotRun(end) == TestsNotRun(afterCrash: true))
        end.reportedCounts["xctest.listed"] = 403
        end.reportedCounts["swiftTesting.listed"] = 146
        #expect(TestsNotRun(end).sentence == "391 tests did not run")
    }

    @Test func parallelSignalLineCrashesAListedTestWhoseBlockNeverCame() throws {
        let log = """
            [1/2] Testing Mod.Suite/testA
            error: Process '/p/PackageTests.xctest Mod.Suite/testB' exited with unexpected signal code 11
            [2/2] Testing Mod.Suite/testB
            """
        let result = try ImportHarness.run(text: log)
        let testB = try #require(result.results.tests.first { $0.identity.name == "testB" })
        #expect(testB.status == .crashed)
        #expect(testB.finalAttempt?.issues.first?.message == "The test process exited with unexpected signal code 11")
        #expect(result.results.tests.first { $0.identity.name == "testA" }?.status == .passed)
    }

    @Test func fatalErrorNamingAProjectFileIsTheLocation() throws {
        let log = """
            Test Suite 'All tests' started at 2026-01-01 00:00:00.000
            Test Case 'T.testBoom' started at 2026-01-01 00:00:00.000
            MyTests/T.swift:12: Fatal error: boom
            error: Exited with signal code 4
            """
        let test = try #require(try ImportHarness.run(text: log).results.tests.first)
        #expect(test.status == .crashed)
        let issue = try #require(test.finalAttempt?.issues.first)
        #expect(issue.kind == .crash && issue.message == "Fatal error: boom")
        #expect(issue.location == SourceLocation(file: "MyTests/T.swift", line: 12))
    }

    @Test func testThatPrintsFatalErrorAndEndsIsNotCrashed() throws {
        let log = """
            Test Case 'T.testMessage' started at 2026-01-01 00:00:00.000
            Fatal error: this is what the message looks like
            Test Case 'T.testMessage' passed (0.001 seconds)
            """
        let test = try #require(try ImportHarness.run(text: log).results.tests.first)
        #expect(test.status == .passed)
    }

    @Test func xcodeRestartCrashesTheOpenTestAndTheRelaunchBelongsToTheSameRun() throws {
        let log = """
            Test Suite 'All tests' started at 2026-01-01 00:00:00.000
            Test Suite 'AppTests.xctest' started at 2026-01-01 00:00:00.000
            Test Suite 'CrashTests' started at 2026-01-01 00:00:00.000
            Test Case '-[AppTests.CrashTests testA]' started.
            Test Case '-[AppTests.CrashTests testA]' passed (0.001 seconds).
            Test Case '-[AppTests.CrashTests testCrash]' started.
            Restarting after unexpected exit, crash, or test timeout in CrashTests.testCrash(); summary will include totals from previous launches.

            Test Suite 'Selected tests' started at 2026-01-01 00:00:01.000
            Test Suite 'AppTests.xctest' started at 2026-01-01 00:00:01.000
            Test Suite 'CrashTests' started at 2026-01-01 00:00:01.000
            Test Case '-[AppTests.CrashTests testB]' started.
            Test Case '-[AppTests.CrashTests testB]' passed (0.001 seconds).
            Test Suite 'CrashTests' failed at 2026-01-01 00:00:01.100.
            \t Executed 3 tests, with 1 failure (0 unexpected) in 0.003 (0.003) seconds
            Test Suite 'AppTests.xctest' failed at 2026-01-01 00:00:01.100.
            \t Executed 3 tests, with 1 failure (0 unexpected) in 0.003 (0.003) seconds
            Test Suite 'Selected tests' failed at 2026-01-01 00:00:01.100.
            \t Executed 3 tests, with 1 failure (0 unexpected) in 0.003 (0.003) seconds
            """
        let result = try ImportHarness.run(text: log)
        #expect(result.results.tests.map(\.status) == [.passed, .crashed, .passed])
        #expect(result.results.tests[1].finalAttempt?.issues.first?.kind == .crash)
        #expect(result.outcomes[0].diagnostics.filter { $0.severity == .warning }.isEmpty)
    }

    @Test func twoSwiftTestingRunsAreEachCheckedAgainstTheirOwnClosingLine() throws {
        func run(_ count: Int, prefix: String) -> String {
            var text = "◇ Test run started.\n"
            for index in 0..<count {
                text += "◇ Test \(prefix)\(index)() started.\n✔ Test \(prefix)\(index)() passed after 0.001 seconds.\n"
            }
            return text + "✔ Test run with \(count) tests in 0 suites passed after 0.01 seconds.\n"
        }
        let result = try ImportHarness.run(text: run(6, prefix: "a") + run(10, prefix: "b"))
        #expect(result.results.tests.count == 16)
        #expect(result.outcomes[0].diagnostics.isEmpty, "\(result.outcomes[0].diagnostics)")
        #expect(result.outcomes[0].reportedCounts["swiftTesting.tests"] == 16)
    }

    @Test func swiftTestingTestsRunningWhenTheProcessCrashedAreCrashed() throws {
        let log = """
            ◇ Test run started.
            ◇ Test fine() started.
            ✔ Test fine() passed after 0.001 seconds.
            ◇ Test boom() started.
            Lib/Thing.swift:7: Fatal error: boom
            error: Exited with unexpected signal code 4
            """
        let result = try ImportHarness.run(text: log)
        let boom = try #require(result.results.tests.first { $0.identity.name == "boom()" })
        #expect(boom.status == .crashed)
        #expect(boom.finalAttempt?.issues.first?.location == SourceLocation(file: "Lib/Thing.swift", line: 7))
        #expect(result.outcomes[0].reportedCounts["crashes"] == 1)
    }
}
