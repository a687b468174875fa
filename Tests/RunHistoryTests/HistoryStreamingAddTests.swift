import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import RunHistory

/// `history add` of a run as it streams from its source, its keys placed partition by partition on disk, writes
/// the same history as the addition that holds the run and the table: here with a partition per key or two and a
/// keys frame per few keys, so every key crosses partitions, buckets and frames.
struct HistoryStreamingAddTests {
    /// One test of a run: its module, suite and name, status and duration, and its cases' arguments.
    struct Planned {
        var module: String?
        var suite = "S"
        var name: String
        var status = TestStatus.passed
        var seconds = 0.01
        var cases: [String] = []
    }

    static func source(_ tests: [Planned], runs: [String] = ["ci"]) throws -> InMemoryResults {
        let results = InMemoryResults()
        var indexes: [Int] = []
        for (number, name) in runs.enumerated() {
            var record = RunRecord(name: name, producer: "tests", source: "test")
            record.start = 1_700_000_000 + Double(number)
            indexes.append(try results.beginRun(record))
        }
        for index in indexes {
            for test in tests {
                try results.addTest(
                    TestRecord(
                        runIndex: index,
                        identity: TestIdentity(module: test.module, suites: [test.suite], name: test.name),
                        attempts: test.cases.isEmpty ? [TestAttempt(status: test.status, duration: test.seconds)] : [],
                        cases: test.cases.map {
                            TestCaseRecord(
                                arguments: $0, attempts: [TestAttempt(status: test.status, duration: test.seconds)])
                        }))
            }
        }
        return results
    }

    static func facts(_ totals: HistoryRunTotals) -> HistoryRun.Facts {
        var facts = HistoryRun.Facts(
            name: "ci", commit: "c", tests: totals.tests, passed: totals.passed, failed: totals.failed,
            skipped: totals.skipped, duration: totals.duration, identity: totals.identity)
        facts.parameterized = totals.count.parameterized
        facts.cases = totals.count.cases
        return facts
    }

    /// Adds `source` to `held` by the addition that holds the run and to `streamed` by the streaming one (which
    /// must take it), and expects the same bytes and outcome.
    static func addBothWays(
        _ source: InMemoryResults, held: URL, streamed: URL, partitionEntries: Int, keysFrameBytes: Int = 1 << 20
    )
        throws
    {
        let digest = try RunDigest(source)
        let expected = try HistoryWriter.add(
            digest, facts: facts(HistoryRunTotals(digest, runs: source.runs)), to: held, keep: 100)
        let outcome = try HistoryStreamingAdd.add(
            source, estimatedTests: 0, to: streamed, keep: 100, allowDuplicate: false,
            partitionEntries: partitionEntries,
            keysFrameBytes: keysFrameBytes, makeFacts: facts)
        let streamedOutcome = try #require(outcome, "the streaming addition handed the run to the whole read")
        #expect(streamedOutcome.newTests == expected.newTests)
        #expect(streamedOutcome.tests == expected.tests)
        #expect(streamedOutcome.runs == expected.runs)
        #expect(streamedOutcome.bytes == expected.bytes)
        #expect(try Data(contentsOf: streamed) == Data(contentsOf: held))
    }

    /// With a partition of two keys (every key in a partition of its own, about) and of every key.
    @Test(arguments: [2, 1000])
    func writesTheSameHistoryAsTheAdditionThatHoldsTheRun(partitionEntries: Int) throws {
        let folder = try TestPaths.makeTemporaryDirectory("streaming-history")
        let held = folder.appendingPathComponent("held.rbhistory")
        let streamed = folder.appendingPathComponent("streamed.rbhistory")
        let names = (0..<40).map { "test\($0)" }
        // A first run into a new history: every key new, cases among them, one failure, one skip.
        var first = names.map { Planned(module: "M", name: $0) }
        first[3].status = .failed
        first[7].status = .skipped
        first[9].cases = ["1", "2", "3"]
        first.append(Planned(module: "M", suite: "T", name: "test1", seconds: 2.5))
        try Self.addBothWays(try Self.source(first), held: held, streamed: streamed, partitionEntries: partitionEntries)
        // The same tests again, in another order, with other outcomes: every key found where it is.
        var second = first.reversed().map { planned -> Planned in
            var planned = planned
            planned.status = planned.status == .passed ? .failed : .passed
            planned.seconds += 0.25
            return planned
        }
        second.removeLast(5)
        try Self.addBothWays(
            try Self.source(second), held: held, streamed: streamed, partitionEntries: partitionEntries)
        // Without modules (XCTest run one test after another): each test keeps its key with the module; a new test,
        // and one whose module-less id is ambiguous (two modules hold `S/shared`), get new keys.
        var third = names.prefix(20).map { Planned(module: nil, name: $0) }
        third.append(Planned(module: nil, name: "brandNew"))
        try Self.addBothWays(try Self.source(third), held: held, streamed: streamed, partitionEntries: partitionEntries)
        let fourth = [Planned(module: "A", name: "shared"), Planned(module: "B", name: "shared")]
        try Self.addBothWays(
            try Self.source(fourth), held: held, streamed: streamed, partitionEntries: partitionEntries)
        let fifth = [Planned(module: nil, name: "shared"), Planned(module: nil, name: "test2", status: .failed)]
        try Self.addBothWays(try Self.source(fifth), held: held, streamed: streamed, partitionEntries: partitionEntries)
        let history = try RunHistory.read(streamed)
        let moduleLess = try #require(history.index(of: "M/S/test2"))
        #expect(history.runs[4].status(at: moduleLess) == .failed)
        #expect(history.index(of: "S/test2") == nil)
        #expect(history.index(of: "S/shared") != nil)
        #expect(history.index(of: "M/S/brandNew") == nil && history.index(of: "S/brandNew") != nil)
    }

    @Test func keysOfSeveralConfigurationsAndManyFramesReadBackInPlace() throws {
        let folder = try TestPaths.makeTemporaryDirectory("streaming-history-frames")
        let held = folder.appendingPathComponent("held.rbhistory")
        let streamed = folder.appendingPathComponent("streamed.rbhistory")
        var tests = (0..<30).map { Planned(module: "M", name: "test\($0)", seconds: Double($0) / 100) }
        tests[5].cases = ["x", "y"]
        tests[6].status = .failed
        let source = try Self.source(tests, runs: ["linux", "macos"])
        let digest = try RunDigest(source)
        _ = try HistoryWriter.add(
            digest, facts: Self.facts(HistoryRunTotals(digest, runs: source.runs)), to: held, keep: 100)
        // Keys frames of at most 40 bytes of keys: a frame every key or two.
        let outcome = try HistoryStreamingAdd.add(
            source, estimatedTests: 0, to: streamed, keep: 100, allowDuplicate: false, partitionEntries: 3,
            keysFrameBytes: 40, makeFacts: Self.facts)
        #expect(outcome != nil)
        let expected = try RunHistory.read(held)
        let found = try RunHistory.read(streamed)
        #expect(found.damage.isEmpty)
        #expect(found.keys == expected.keys)
        #expect(found.runs == expected.runs)
        #expect(found.keys.contains("M/S/test6@macos"))
    }

    @Test func aRunWithAKeyTwiceIsLeftToTheWholeRead() throws {
        let folder = try TestPaths.makeTemporaryDirectory("streaming-history-twice")
        let url = folder.appendingPathComponent("h.rbhistory")
        let source = try Self.source([Planned(module: "M", name: "a"), Planned(module: "M", name: "a")])
        let outcome = try HistoryStreamingAdd.add(
            source, estimatedTests: 0, to: url, keep: 100, allowDuplicate: false, partitionEntries: 1,
            makeFacts: Self.facts)
        #expect(outcome == nil)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func thePercentileByCountingIsTheSortedOne() {
        let spread = (0..<1000).map { UInt32($0 * 7919 % 200_003) }
        for durations in [[], [0, 0], [1], [5, 0, 3, 70_000, 1, 2, 65_537], spread] as [[UInt32]] {
            #expect(HistoryRun.percentile95(of: durations) == HistoryRun.percentile95(durations))
        }
    }
}
