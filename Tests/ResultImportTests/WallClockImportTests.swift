import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

/// How long a run took by the clock, as the runner said: summary lines of console logs, the event stream's run
/// events. Parallel swift-testing tests make the sum of their durations no measure of it.
struct WallClockImportTests {
    @Test func swiftTestingConsoleGivesTheRunsTime() throws {
        let imported = try ImportHarness.run([ImportHarness.corpus("swift-log-runs/run1.console.txt")])
        #expect(imported.outcomes.first?.wallClock == 0.435)
        // 164 tests that ran in parallel: their durations add up to 80 times the run.
        #expect(imported.totals.duration > 30)
    }

    @Test func xctestAndSwiftTestingSummariesAddUp() throws {
        // `All tests ... in 0.108 (0.108) seconds` (the outer summary lines each count once), then swift-testing's
        // `after 0.002 seconds`.
        let imported = try ImportHarness.run([ImportHarness.corpus("swift-6.3-linux/calc.console.txt")])
        let wallClock = try #require(imported.outcomes.first?.wallClock)
        #expect(abs(wallClock - 0.110) < 1e-9)
    }

    @Test func eventStreamGivesTheRunsTime() throws {
        let imported = try ImportHarness.run([ImportHarness.corpus("swift-log-runs/run1.events.jsonl")])
        let wallClock = try #require(imported.outcomes.first?.wallClock)
        #expect(abs(wallClock - 0.435076) < 1e-5)
    }

    @Test func parallelXCTestLeavesTheWallClockUnknown() throws {
        // `swift test --parallel` prints summaries only for the failing tests' own processes, and none for the
        // run: its swift-testing part's `after 0.002 seconds` would make a run of many seconds look instant.
        let imported = try ImportHarness.run([
            ImportHarness.corpus("swift-6.3-linux/probe/probe.parallel.console.txt")
        ])
        #expect(imported.totals.tests > 0)
        #expect(imported.outcomes.first?.wallClock == nil)
    }

    @Test func aLogWithoutSummaryLinesSaysNothing() throws {
        let imported = try ImportHarness.run(text: "◇ Test a() started.\n✔ Test a() passed after 0.5 seconds.\n")
        #expect(imported.outcomes.first?.wallClock == nil)
    }
}
