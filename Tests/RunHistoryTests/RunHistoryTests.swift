import Foundation
import ResultBundle
import ResultModel
import RunComparison
import RunHistory
import Testing
import _TestSupport

/// The history file: appending, the --keep cap, torn files, version refusal, and the labels of a series.
struct RunHistoryTests {
    /// A run of tests `a`…: each status given, 10 ms each.
    static func digest(_ statuses: [String: TestStatus], retried: Set<String> = []) throws -> RunDigest {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(name: "ci", producer: "tests", source: "test"))
        for name in statuses.keys.sorted() {
            let earlier = retried.contains(name) ? [TestAttempt(status: .failed, duration: 0.01)] : []
            try results.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: "M", suites: ["S"], name: name),
                    attempts: earlier + [TestAttempt(status: statuses[name]!, duration: 0.01)]))
        }
        return try RunDigest(results)
    }

    static func add(
        _ url: URL, _ statuses: [String: TestStatus], commit: String, keep: Int = 100,
        retried: Set<String> = []
    ) throws {
        _ = try HistoryWriter.add(
            try digest(statuses, retried: retried), facts: HistoryRun.Facts(commit: commit, tests: statuses.count),
            to: url, keep: keep)
    }

    @Test func appendsRunsAndNewTests() throws {
        let url = try TestPaths.makeTemporaryDirectory("history").appendingPathComponent("h.rbhistory")
        try Self.add(url, ["a": .passed, "b": .passed], commit: "c1")
        try Self.add(url, ["a": .failed, "b": .passed, "c": .passed], commit: "c2")
        let history = try RunHistory.read(url)
        #expect(history.keys == ["M/S/a", "M/S/b", "M/S/c"])
        #expect(history.runs.map(\.facts.commit) == ["c1", "c2"])
        #expect(history.runs[0].status(at: 2) == .absent)
        #expect(history.runs[1].status(at: 0) == .failed)
        #expect(history.runs[1].duration(at: 1) == 0.01)
    }

    @Test func keepsTheNewestRuns() throws {
        let url = try TestPaths.makeTemporaryDirectory("keep").appendingPathComponent("h.rbhistory")
        for index in 1...5 {
            try Self.add(url, ["t\(index)": .passed, "always": .passed], commit: "c\(index)", keep: 3)
        }
        let history = try RunHistory.read(url)
        #expect(history.runs.map(\.facts.commit) == ["c3", "c4", "c5"])
        // Tests only the dropped runs had are dropped from the table too.
        #expect(Set(history.keys) == ["M/S/always", "M/S/t3", "M/S/t4", "M/S/t5"])
        #expect(HistoryAnalysis(history).record(for: "M/S/t5")?.statuses == [.absent, .absent, .passed])
    }

    @Test func aHistoryCutAtAnyByteKeepsEveryCompleteRun() throws {
        let url = try TestPaths.makeTemporaryDirectory("torn").appendingPathComponent("h.rbhistory")
        var sizes: [Int] = []
        for index in 1...3 {
            try Self.add(url, ["a": .passed, "n\(index)": .failed], commit: "c\(index)")
            sizes.append(try Data(contentsOf: url).count)
        }
        let whole = try Data(contentsOf: url)
        let torn = url.deletingLastPathComponent().appendingPathComponent("torn.rbhistory")
        for length in 16...whole.count {
            try whole.prefix(length).write(to: torn)
            let history = try RunHistory.read(torn)
            #expect(history.runs.count == sizes.filter { $0 <= length }.count, "cut at \(length)")
        }
        // A writer cuts a torn tail before appending: the run after it is read.
        try whole.prefix(sizes[1] + 7).write(to: torn)
        try Self.add(torn, ["a": .passed], commit: "c4")
        #expect(try RunHistory.read(torn).runs.map(\.facts.commit) == ["c1", "c2", "c4"])
    }

    @Test func aNewerMajorVersionAndForeignFilesAreRefused() throws {
        let folder = try TestPaths.makeTemporaryDirectory("version")
        let newer = folder.appendingPathComponent("newer.rbhistory")
        var bytes = Array("RBHISTRY".utf8) + [3, 0, 0, 0, 0, 0, 0, 0]
        try Data(bytes).write(to: newer)
        #expect(throws: HistoryError.self) { try RunHistory.read(newer) }
        do {
            _ = try RunHistory.read(newer)
        } catch let error as HistoryError {
            #expect(error.code == .newerMajorVersion && error.message.contains("upgrade resultbundle"))
        }
        bytes = Array("not a history at all".utf8)
        let foreign = folder.appendingPathComponent("foreign.rbhistory")
        try Data(bytes).write(to: foreign)
        #expect(throws: HistoryError.self) { try RunHistory.read(foreign) }
    }

    @Test func flipsStreaksAndLabelsOfAConstructedSeries() throws {
        let url = try TestPaths.makeTemporaryDirectory("labels").appendingPathComponent("h.rbhistory")
        // flaky: P F P F P F P F (7 flips); broken: P P P F F F F F since c4; fresh: P … P F; retried passes twice.
        for index in 1...8 {
            try Self.add(
                url,
                [
                    "flaky": index % 2 == 1 ? .passed : .failed, "broken": index >= 4 ? .failed : .passed,
                    "fresh": index == 8 ? .failed : .passed, "steady": .passed, "retried": .passed,
                ], commit: "c\(index)", retried: index == 3 || index == 6 ? ["retried"] : [])
        }
        let analysis = HistoryAnalysis(try RunHistory.read(url))
        #expect(analysis.label(for: "M/S/flaky") == "flaky: 7 flips in the last 8 runs")
        #expect(analysis.label(for: "M/S/broken") == "failing for 5 runs since c4")
        #expect(analysis.label(for: "M/S/fresh") == "new failure")
        #expect(analysis.label(for: "M/S/steady") == nil)
        #expect(analysis.label(for: "M/S/unknown") == "new test")
        let ranking = analysis.flakyTests().map(\.key)
        #expect(ranking.first == "M/S/flaky")
        #expect(ranking.contains("M/S/retried") && !ranking.contains("M/S/steady"))
        #expect(analysis.record(for: "M/S/retried")?.retriesPassed == 2)
        #expect(analysis.record(for: "M/S/flaky")?.flipRate == 1)
    }

    @Test func aTestThatBrokeAndStayedBrokenIsNotFlaky() throws {
        let url = try TestPaths.makeTemporaryDirectory("flaky-rule").appendingPathComponent("h.rbhistory")
        // flips: P F P P P; broken: P P F F F (one flip, failing since c3); fixed: F F P P P (one flip back);
        // retried: passes each run, once only on a retry.
        let series: [[String: TestStatus]] = [
            ["flips": .passed, "broken": .passed, "fixed": .failed, "retried": .passed],
            ["flips": .failed, "broken": .passed, "fixed": .failed, "retried": .passed],
            ["flips": .passed, "broken": .failed, "fixed": .passed, "retried": .passed],
            ["flips": .passed, "broken": .failed, "fixed": .passed, "retried": .passed],
            ["flips": .passed, "broken": .failed, "fixed": .passed, "retried": .passed],
        ]
        for (index, statuses) in series.enumerated() {
            try Self.add(url, statuses, commit: "c\(index + 1)", retried: index == 3 ? ["retried"] : [])
        }
        let analysis = HistoryAnalysis(try RunHistory.read(url))
        #expect(Set(analysis.flakyTests().map(\.key)) == ["M/S/flips", "M/S/retried"])
        #expect(analysis.record(for: "M/S/broken")?.isFlaky == false)
        #expect(analysis.label(for: "M/S/broken") == "failing for 3 runs since c3")
        #expect(analysis.record(for: "M/S/fixed")?.isFlaky == false)
        // The newest flip of `flips` is its return to passing in the third run.
        #expect(analysis.record(for: "M/S/flips")?.lastFlip == 2)
    }
}

/// Hostile history files: bytes flipped, inserted and removed at random never crash the reader; what it reads
/// is a prefix of the runs written.
struct HostileHistoryTests {
    @Test func mangledHistoriesReadAsAPrefixOrAreRefused() throws {
        let url = try TestPaths.makeTemporaryDirectory("hostile-history").appendingPathComponent("h.rbhistory")
        for index in 1...4 {
            try RunHistoryTests.add(url, ["a": .passed, "b\(index)": .failed], commit: "c\(index)")
        }
        let original = [UInt8](try Data(contentsOf: url))
        let commits = try RunHistory.read(url).runs.map(\.facts.commit)
        var generator = SeededGenerator(seed: 20_261_125)
        let mangled = url.deletingLastPathComponent().appendingPathComponent("m.rbhistory")
        for _ in 0..<2000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                let byte = UInt8.random(in: 0...255, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: bytes.remove(at: position)
                }
            }
            try Data(bytes).write(to: mangled)
            guard let history = try? RunHistory.read(mangled) else { continue }
            let read = history.runs.map(\.facts.commit)
            // A flipped byte fails its frame's CRC, so that frame is skipped: never a new run.
            #expect(read.count <= commits.count)
            for run in history.runs { #expect(run.statuses.count <= history.keys.count) }
            // The windowed read (older runs give only their facts line, inflated no further) reads runs written, in
            // order, never a made-up one (a frame whose type byte changed is skipped as a newer minor's, by both
            // reads), and at least those of the full read.
            if let windowed = try? RunHistory.read(mangled, decodingNewest: 1) {
                let runs = windowed.runs.map(\.facts.commit)
                var remaining = commits[...]
                for commit in runs {
                    guard let found = remaining.firstIndex(of: commit) else {
                        Issue.record("a run that was not written, or out of order: \(runs)")
                        break
                    }
                    remaining = remaining[(found + 1)...]
                }
                #expect(runs.count >= read.count)
                #expect(windowed.runs.dropLast().allSatisfy { $0.statuses.isEmpty })
            }
        }
        // Appending to, and rewriting (--keep), a damaged history never crashes and leaves a readable file.
        for keep in [100, 2] {
            var bytes = original
            bytes[bytes.count / 2] ^= 0xFF
            try Data(bytes).write(to: mangled)
            if (try? RunHistoryTests.add(mangled, ["a": .passed], commit: "new", keep: keep)) != nil {
                #expect(try RunHistory.read(mangled).runs.last?.facts.commit == "new")
            }
        }
    }
}
