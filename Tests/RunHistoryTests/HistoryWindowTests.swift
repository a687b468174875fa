import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import RunHistory

/// Reading only the newest runs in full, the 95th percentile in the facts (format 1.1, computed for 1.0 runs), and
/// `--keep` copying the kept frames as they are when no key falls out of use.
struct HistoryWindowTests {
    @Test func onlyTheNewestRunsAreDecodedAndOlderOnesKeepTheirFacts() throws {
        let url = try TestPaths.makeTemporaryDirectory("window").appendingPathComponent("h.rbhistory")
        for index in 1...5 { try RunHistoryTests.add(url, ["a": .passed, "b": .failed], commit: "c\(index)") }
        let history = try RunHistory.read(url, decodingNewest: 2)
        #expect(history.runs.map(\.facts.commit) == ["c1", "c2", "c3", "c4", "c5"])
        #expect(history.runs.map(\.statuses.count) == [0, 0, 0, 2, 2])
        #expect(history.runs.allSatisfy { $0.facts.p95 == 0.01 })
        let analysis = HistoryAnalysis(history, window: 2)
        #expect(analysis.record(for: "M/S/b")?.failingStreak == 2)
        #expect(analysis.unsettledKeys() == ["M/S/b"])
        #expect(analysis.isClean("M/S/a") && !analysis.isClean("M/S/b") && !analysis.isClean("M/S/new"))
    }

    @Test func aFormat10RunWithoutP95GetsItComputedWhenRead() throws {
        let url = try TestPaths.makeTemporaryDirectory("legacy").appendingPathComponent("h.rbhistory")
        var bytes = HistoryFormat.header(major: 1, minor: 0)
        bytes += try HistoryFormat.frame(.tests, payload: Array("M/S/a\nM/S/b".utf8), major: 1)
        for commit in ["c1", "c2"] {
            let run = HistoryRun(
                facts: HistoryRun.Facts(commit: commit, tests: 2), statuses: [.passed, .passed],
                durations: [11, 2001])
            bytes += try HistoryFormat.frame(.run, payload: try RunHistory.runPayload(run), major: 1)
        }
        try Data(bytes).write(to: url)
        let history = try RunHistory.read(url, decodingNewest: 1)
        #expect(history.runs.map(\.facts.p95) == [2.0, 2.0])
        #expect(history.runs.map(\.statuses.count) == [0, 2])
    }

    @Test func keepCopiesTheKeptFramesAsTheyAreWhenEveryKeyIsStillUsed() throws {
        let url = try TestPaths.makeTemporaryDirectory("verbatim").appendingPathComponent("h.rbhistory")
        for index in 1...4 { try RunHistoryTests.add(url, ["a": .passed, "b": .passed], commit: "c\(index)") }
        let before = try RunHistory.read(url, newest: 0)
        let old = [UInt8](try Data(contentsOf: url))
        try RunHistoryTests.add(url, ["a": .passed, "b": .failed, "c": .passed], commit: "c5", keep: 3)
        let new = [UInt8](try Data(contentsOf: url))
        // The old table, then the new key's frame, then the two kept runs' frames byte for byte, then the new run.
        var expected = Array(new[0..<HistoryFormat.headerSize])
        for frame in before.tableFrames { expected += old[frame] }
        #expect(Array(new.prefix(expected.count)) == expected)
        let keptRuns = before.runFrames.suffix(2).reduce(into: [UInt8]()) { $0 += old[$1] }
        #expect(Data(new).range(of: Data(keptRuns)) != nil)
        let history = try RunHistory.read(url)
        #expect(history.runs.map(\.facts.commit) == ["c3", "c4", "c5"])
        #expect(history.keys == ["M/S/a", "M/S/b", "M/S/c"])
        #expect(history.runs[2].status(at: 1) == .failed && history.runs[0].status(at: 2) == .absent)
    }
}
