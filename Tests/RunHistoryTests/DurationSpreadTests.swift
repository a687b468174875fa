import Foundation
import ResultBundle
import ResultModel
import RunComparison
import RunHistory
import Testing
import _TestSupport

/// `compare --history`: each test's own spread from a history, and slower judged against it.
struct DurationSpreadTests {
    static func digest(_ durations: [String: Double], status: TestStatus = .passed) throws -> RunDigest {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(name: "ci", producer: "tests", source: "test"))
        for name in durations.keys.sorted() {
            try results.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: "M", suites: ["S"], name: name),
                    attempts: [TestAttempt(status: status, duration: durations[name]!)]))
        }
        return try RunDigest(results)
    }

    /// A history where `noisy` swings between 1 and 2 s and `steady` stays at 1 s.
    static func history() throws -> RunHistory {
        let url = try TestPaths.makeTemporaryDirectory("spread").appendingPathComponent("h.rbhistory")
        for index in 0..<8 {
            let noisy = index % 2 == 0 ? 1.0 : 2.0
            _ = try HistoryWriter.add(
                try digest(["noisy": noisy, "steady": 1.0 + Double(index % 3) * 0.002, "young": 1.0]),
                facts: HistoryRun.Facts(tests: 3), to: url, keep: 100)
        }
        return try RunHistory.read(url)
    }

    @Test func theSpreadIsTheScaledMedianAbsoluteDeviationOfPassingRuns() throws {
        let spreads = HistoryAnalysis(try Self.history()).durationSpreads()
        // noisy: four at 1 s, four at 2 s: median 1.5, deviations all 0.5.
        #expect(abs((spreads["M/S/noisy"] ?? 0) - 1.4826 * 0.5) < 1e-9)
        #expect((spreads["M/S/steady"] ?? 1) < 0.01)
        var few = HistoryAnalysis(try Self.history(), window: HistoryAnalysis.spreadMinimumRuns - 1)
        #expect(few.durationSpreads().isEmpty)
        few = HistoryAnalysis(try Self.history(), window: HistoryAnalysis.spreadMinimumRuns)
        #expect(few.durationSpreads().count == 3)
    }

    @Test func aTestIsSlowerOnlyBeyondItsOwnSpread() throws {
        let spreads = HistoryAnalysis(try Self.history()).durationSpreads()
        let base = try Self.digest(["noisy": 1.0, "steady": 1.0])
        let head = try Self.digest(["noisy": 2.0, "steady": 1.5])
        let plain = RunComparer().compare(base: base, head: head)
        #expect(plain.buckets.slower.map(\.key) == ["M/S/noisy", "M/S/steady"])
        let judged = RunComparer(spread: { spreads[$0] }).compare(base: base, head: head)
        #expect(judged.buckets.slower.map(\.key) == ["M/S/steady"])
        #expect(judged.buckets.slower.first?.spread == spreads["M/S/steady"])
        let noisier = try Self.digest(["noisy": 4.0, "steady": 1.0])
        #expect(
            RunComparer(spread: { spreads[$0] }).compare(base: base, head: noisier).buckets.slower.map(\.key) == [
                "M/S/noisy"
            ])
    }
}
