import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import RunHistory

/// A damaged frame inside a history costs that frame only: readers warn, skip it and read every complete run after
/// it, and `history add` keeps them (it cuts only a torn tail).
struct HistoryDamageTests {
    /// A history of `count` runs and where each run frame is.
    static func tenRuns(_ name: String, count: Int = 10) throws -> (url: URL, runs: [Range<Int>]) {
        let url = try TestPaths.makeTemporaryDirectory(name).appendingPathComponent("h.rbhistory")
        for index in 1...count {
            try RunHistoryTests.add(url, ["a": .passed, "b\(index % 3)": .failed], commit: "c\(index)")
        }
        return (url, try RunHistory.read(url).runFrames)
    }

    static func flip(_ url: URL, at offset: Int) throws {
        var bytes = [UInt8](try Data(contentsOf: url))
        bytes[offset] ^= 0x10
        try Data(bytes).write(to: url)
    }

    @Test(arguments: ["payload", "stored length", "uncompressed length"])
    func oneFlippedBitInRunTwoCostsRunTwoOnly(place: String) throws {
        let (url, runs) = try Self.tenRuns("flip-\(place.prefix(4))")
        let frame = runs[1]
        let offset =
            switch place {
            case "payload": frame.lowerBound + HistoryFormat.frameHeaderSize + 3
            case "stored length": frame.lowerBound + 5
            default: frame.lowerBound + 9
            }
        try Self.flip(url, at: offset)
        let commits = ["c1"] + (3...10).map { "c\($0)" }
        // Every reader agrees: the full read, the windowed read, and what `history add` reads.
        let full = try RunHistory.read(url)
        #expect(full.runs.map(\.facts.commit) == commits)
        #expect(full.damage.count == 1 && full.damage.first?.byteOffset == frame.lowerBound)
        #expect(try RunHistory.read(url, decodingNewest: 2).runs.map(\.facts.commit) == commits)
        #expect(try HistoryWriter.readForAdding(url).runCount == 9)
        // The next addition keeps the 9 complete runs (and leaves the damaged frame where it is).
        try RunHistoryTests.add(url, ["a": .failed, "new": .passed], commit: "c11")
        let after = try RunHistory.read(url)
        #expect(after.runs.map(\.facts.commit) == commits + ["c11"])
        #expect(after.runs.last?.status(at: after.index(of: "M/S/a")!) == .failed)
        #expect(after.damage.count == 1)
    }

    @Test func aDamagedKeysFrameKeepsLaterRunsInTheirPlaces() throws {
        let url = try TestPaths.makeTemporaryDirectory("keys-damage").appendingPathComponent("h.rbhistory")
        try RunHistoryTests.add(url, ["a": .passed], commit: "c1")
        try RunHistoryTests.add(url, ["a": .passed, "b": .failed], commit: "c2")
        try RunHistoryTests.add(url, ["a": .passed, "b": .failed, "c": .failed], commit: "c3")
        let before = try RunHistory.read(url)
        // The second keys frame (holding `b`) is damaged: `c`, added after it, keeps its place.
        try Self.flip(url, at: before.tableFrames[1].lowerBound + HistoryFormat.frameHeaderSize + 2)
        let history = try RunHistory.read(url)
        #expect(history.runs.map(\.facts.commit) == ["c1", "c2", "c3"])
        #expect(history.index(of: "M/S/b") == nil && history.keys.count == 3)
        let c = try #require(history.index(of: "M/S/c"))
        #expect(c == 2 && history.runs[2].status(at: c) == .failed && history.runs[1].status(at: c) == .absent)
        // `history add` appends after it, in the same places.
        try RunHistoryTests.add(url, ["a": .passed, "c": .passed, "d": .passed], commit: "c4")
        let after = try RunHistory.read(url)
        #expect(after.runs.map(\.facts.commit) == ["c1", "c2", "c3", "c4"])
        #expect(after.runs[3].status(at: c) == .passed && after.index(of: "M/S/d") == 3)
        // A rewrite (--keep) writes no placeholder as a key.
        try RunHistoryTests.add(url, ["a": .passed], commit: "c5", keep: 2)
        let kept = try RunHistory.read(url)
        #expect(kept.damage.isEmpty && Set(kept.keys) == ["M/S/a", "M/S/c", "M/S/d"])
    }

    @Test func aTornTailIsReportedAndCutByTheNextAddition() throws {
        let (url, runs) = try Self.tenRuns("torn-tail", count: 3)
        let whole = try Data(contentsOf: url)
        try whole.prefix(runs[2].lowerBound + 20).write(to: url)
        let torn = try RunHistory.read(url)
        #expect(torn.runs.count == 2 && torn.damage.count == 1)
        try RunHistoryTests.add(url, ["a": .passed], commit: "c4")
        let history = try RunHistory.read(url)
        #expect(history.runs.map(\.facts.commit) == ["c1", "c2", "c4"] && history.damage.isEmpty)
    }
}

/// Run facts of megabytes (a hand-made or older history) are not decoded: the run is skipped with a warning.
struct HistoryFactsLimitTests {
    @Test func aRunWithAFactsLineOverTheLimitIsSkipped() throws {
        let url = try TestPaths.makeTemporaryDirectory("long-facts").appendingPathComponent("h.rbhistory")
        var bytes = HistoryFormat.header()
        bytes += try HistoryFormat.frame(.keys, payload: HistoryKeyEncoding.encode(["M/S/a"], first: 0))
        let long = String(repeating: "x", count: HistoryLimits.maxFactsLineBytes)
        for name in ["short", long, "after"] {
            let run = HistoryRun(
                facts: HistoryRun.Facts(name: name, tests: 1, p95: 0.01), statuses: [.passed], durations: [11])
            bytes += try HistoryFormat.frame(.run, payload: try RunHistory.runPayload(run))
        }
        try Data(bytes).write(to: url)
        for newest in [Int.max, 1] {
            let history = try RunHistory.read(url, decodingNewest: newest)
            #expect(history.runs.map(\.facts.name) == ["short", "after"])
            #expect(history.damage.count == 1 && history.damage[0].message.contains("facts line"))
        }
    }
}
