import Foundation
import ResultBundle
import ResultModel

/// Bundles written by today's writer, so that their index holds the places of their failed, skipped and flaky
/// tests: for checking that outputs read through those places say exactly what they said from every test.
public enum ShownTestsBundles {
    /// Every sample bundle rewritten by today's writer, and a generated bundle of two runs
    /// (``writeGeneratedRuns(to:)``).
    public static func all(in directory: URL) throws -> [URL] {
        var bundles: [URL] = []
        let samples = try FileManager.default.contentsOfDirectory(
            at: TestPaths.sampleBundles, includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "resultbundle" }.sorted { $0.path < $1.path }
        for sample in samples {
            let rewritten = directory.appendingPathComponent("rewritten-" + sample.lastPathComponent)
            _ = try BundleMerger().merge([sample], into: rewritten)
            bundles.append(rewritten)
        }
        let generated = directory.appendingPathComponent("generated.resultbundle")
        try writeGeneratedRuns(to: generated)
        bundles.append(generated)
        return bundles
    }

    /// Two runs of 600 tests each, one of every kind in turn: passed, failed at a place, skipped, flaky, passed with
    /// a measurement that fails its verdict (every other time: failed by a performance regression alone), an
    /// expected failure, crashed, passed with a warning. The first run has
    /// no wall clock and no start times, the second both; the runs' tests alternate in the file.
    public static func writeGeneratedRuns(to url: URL, testsPerRun: Int = 600) throws {
        let writer = try BundleWriter(creating: url, flushPolicy: .batched(maxBytes: 16 << 10))
        let untimed = try writer.beginRun(RunRecord(name: "untimed", producer: "test", source: "test"))
        let timed = try writer.beginRun(RunRecord(name: "timed", producer: "test", source: "test"))
        for number in 0..<testsPerRun {
            for run in [untimed, timed] {
                try writer.addTest(test(number, run: run, start: run == timed ? 1_790_000_000 + Double(number) : nil))
            }
        }
        try writer.endRun(untimed, RunEnd(exitCode: 1))
        try writer.endRun(timed, RunEnd(exitCode: 1, wallClock: Double(testsPerRun)))
        try writer.close()
    }

    private static func test(_ number: Int, run: Int, start: Double?) -> TestRecord {
        let place = SourceLocation(file: "/src/Tests/Suite\(number % 7).swift", line: 10 + number % 50)
        let failure = IssueRecord(
            kind: .assertion, message: "XCTAssertEqual failed: (\"\(number % 3)\") is not equal to (\"5\")",
            location: place)
        var attempts: [TestAttempt]
        switch number % 8 {
        case 1: attempts = [TestAttempt(status: .failed, start: start, duration: 0.5, issues: [failure])]
        case 2: attempts = [TestAttempt(status: .skipped, statusReason: "not on Linux", start: start, duration: 0)]
        case 3:
            attempts = [
                TestAttempt(status: .failed, start: start, duration: 0.25, issues: [failure]),
                TestAttempt(status: .passed, start: start.map { $0 + 0.25 }, duration: 0.25),
            ]
        case 4:
            let measurement = MeasurementRecord(
                metricID: "com.apple.XCTPerformanceMetric_WallClockTime", name: "Time", unit: "s",
                values: [1, 1, 1, 1, 10])
            attempts = [TestAttempt(status: .passed, start: start, duration: 14, measurements: [measurement])]
            if number % 16 == 12 {
                let regression = IssueRecord(
                    kind: .performanceRegression, message: "Time regressed by 40%", location: place)
                attempts = [TestAttempt(status: .failed, start: start, duration: 14, issues: [regression])]
            }
        case 5: attempts = [TestAttempt(status: .expectedFailure, start: start, duration: 0.1, issues: [failure])]
        case 6: attempts = [TestAttempt(status: .crashed, start: start, duration: 0.2, issues: [failure])]
        case 7:
            let warning = IssueRecord(kind: .warning, message: "deprecated call", location: place)
            attempts = [TestAttempt(status: .warning, start: start, duration: 0.1, issues: [warning])]
        default: attempts = [TestAttempt(status: .passed, start: start, duration: 0.01)]
        }
        return TestRecord(
            runIndex: run,
            identity: TestIdentity(module: "Generated", suites: ["Suite\(number % 7)Tests"], name: "test\(number)"),
            attempts: attempts)
    }
}
