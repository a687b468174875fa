import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import HTMLReport

/// Durations no `Int` holds, in every place a report shows one: list rows, test pages, the timeline of attempts,
/// steps, the histogram and the header.
@Suite struct ExtremeDurationReportTests {
    static let durations: [Double] = [1e20, -1e20, .infinity, -.infinity, .nan, .greatestFiniteMagnitude, 1e15]

    @Test func aReportOfDurationsNoIntHoldsIsWritten() throws {
        let results = InMemoryResults()
        var run = RunRecord(producer: "t", source: "t")
        run.start = 1e20
        let runIndex = try results.beginRun(run)
        for (number, duration) in Self.durations.enumerated() {
            let step = ActivityRecord(title: "step", start: duration, duration: duration)
            try results.addTest(
                TestRecord(
                    runIndex: runIndex, identity: TestIdentity(module: "M", suites: ["S"], name: "t\(number)"),
                    attempts: [
                        TestAttempt(status: .failed, start: duration, duration: duration),
                        TestAttempt(
                            status: .failed, start: 0, duration: duration,
                            issues: [IssueRecord(kind: .assertion, message: "no")], activities: [step]),
                    ]))
        }
        try results.endRun(runIndex, RunEnd(end: .infinity))
        let site = try TestPaths.makeTemporaryDirectory("extreme-durations").appendingPathComponent("site")
        _ = try ReportGenerator(options: ReportOptions(title: "Report", outputDirectory: site)).generate(from: [results]
        )
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("t0"))
        #expect(ReportFormatting.duration(1e20).hasSuffix(" min"))
    }
}
