import Foundation
import ResultModel
import ResultSupport
import Testing
import _TestSupport

@testable import RunHistory

/// `history add` and its file: one writer at a time, a run added once, no history made up where none is, no file
/// created through a link, and a first write that was stopped not blocking the next.
struct HistoryWriterSafetyTests {
    @Test func concurrentWritersKeepEveryRun() throws {
        let url = try TestPaths.makeTemporaryDirectory("concurrent").appendingPathComponent("h.rbhistory")
        let writers = 8
        let runsEach = 6
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            for run in 0..<runsEach {
                do {
                    try RunHistoryTests.add(
                        url, ["shared": .passed, "w\(writer)r\(run)": .passed], commit: "w\(writer)r\(run)")
                } catch {
                    failures.append("\(error)")
                }
            }
        }
        #expect(failures.all.isEmpty)
        let history = try RunHistory.read(url)
        #expect(history.runs.count == writers * runsEach && history.damage.isEmpty)
        #expect(Set(history.runs.compactMap(\.facts.commit)).count == writers * runsEach)
        #expect(history.keys.count == writers * runsEach + 1)
    }

    @Test func theSameRunIsAddedOnceUnlessAllowed() throws {
        let url = try TestPaths.makeTemporaryDirectory("duplicate").appendingPathComponent("h.rbhistory")
        let digest = try RunHistoryTests.digest(["a": .passed, "b": .failed])
        var record = RunRecord(name: "ci", producer: "tests", source: "test")
        record.start = 1_700_000_000
        let identity = RunIdentity.digest(runs: [RunResult(index: 0, record: record)], tests: digest)
        let facts = HistoryRun.Facts(commit: "c1", tests: 2, identity: identity)
        _ = try HistoryWriter.add(digest, facts: facts, to: url, keep: 10)
        #expect {
            try HistoryWriter.add(digest, facts: facts, to: url, keep: 10)
        } throws: { error in
            (error as? HistoryError)?.code == .duplicateRun && "\(error)".contains("--allow-duplicate")
        }
        #expect(try RunHistory.read(url).runs.count == 1)
        _ = try HistoryWriter.add(digest, facts: facts, to: url, keep: 10, allowDuplicate: true)
        #expect(try RunHistory.read(url).runs.count == 2)
        // Another start, or other durations, is another run.
        record.start = 1_700_000_100
        #expect(RunIdentity.digest(runs: [RunResult(index: 0, record: record)], tests: digest) != identity)
        record.start = 1_700_000_000
        #expect(RunIdentity.digest(runs: [RunResult(index: 0, record: record)], tests: digest) == identity)
        #expect(
            RunIdentity.digest(
                runs: [RunResult(index: 0, record: record)], tests: try RunHistoryTests.digest(["a": .passed]))
                != identity)
    }

    @Test func aMissingHistoryIsAnErrorForReaders() throws {
        let url = try TestPaths.makeTemporaryDirectory("missing").appendingPathComponent("none.rbhistory")
        #expect {
            try RunHistory.read(url)
        } throws: { error in
            (error as? HistoryError)?.code == .missing && "\(error)".contains("history add creates one")
        }
    }

    @Test(arguments: [0, 10])
    func anUnfinishedFirstWriteDoesNotBlockTheNext(length: Int) throws {
        let url = try TestPaths.makeTemporaryDirectory("stub-\(length)").appendingPathComponent("h.rbhistory")
        try Data(HistoryFormat.header().prefix(length)).write(to: url)
        let stub = try RunHistory.read(url)
        #expect(stub.runs.isEmpty && stub.damage.count == 1)
        try RunHistoryTests.add(url, ["a": .passed], commit: "c1")
        try RunHistoryTests.add(url, ["a": .passed], commit: "c2")
        #expect(try RunHistory.read(url).runs.map(\.facts.commit) == ["c1", "c2"])
    }

    @Test func aSymlinkIsNeverWrittenThrough() throws {
        let folder = try TestPaths.makeTemporaryDirectory("symlink")
        let elsewhere = try TestPaths.makeTemporaryDirectory("symlink-target").appendingPathComponent("made.rbhistory")
        let link = folder.appendingPathComponent("h.rbhistory")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
        #expect(throws: HistoryError.self) { try RunHistoryTests.add(link, ["a": .passed], commit: "c1") }
        #expect(!FileManager.default.fileExists(atPath: elsewhere.path))
        #expect {
            try RunHistory.read(link)
        } throws: { error in
            (error as? HistoryError)?.code == .refused
        }
    }

    @Test func aRewriteLeavesNothingBesideTheHistoryButItsLock() throws {
        let folder = try TestPaths.makeTemporaryDirectory("rewrite-names")
        let url = folder.appendingPathComponent("h.rbhistory")
        for index in 1...4 { try RunHistoryTests.add(url, ["t\(index)": .passed], commit: "c\(index)", keep: 2) }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == [".h.rbhistory.lock", "h.rbhistory"])
        // What a killed rewrite leaves is named as every other partial output: `.NAME.partial-PID`.
        #expect(PartialName.partial(of: url).lastPathComponent == ".h.rbhistory.partial-\(getpid())")
    }

    @Test func dirtyRunsAreLeftOutOfTheAnalysisUnlessAsked() throws {
        let url = try TestPaths.makeTemporaryDirectory("dirty").appendingPathComponent("h.rbhistory")
        for (index, status) in [TestStatus.passed, .failed, .passed, .failed, .passed].enumerated() {
            // Runs 2 and 4 were made with a local change that broke `a` (and was fixed before committing).
            let dirty = status == .failed
            _ = try HistoryWriter.add(
                try RunHistoryTests.digest(["a": status]),
                facts: HistoryRun.Facts(commit: "c\(index + 1)", tests: 1, dirty: dirty, diffHash: dirty ? "d" : nil),
                to: url, keep: 10)
        }
        let history = try RunHistory.read(url)
        #expect(HistoryAnalysis(history).label(for: "M/S/a") == "flaky: 4 flips in the last 5 runs")
        let clean = HistoryAnalysis(history.withoutDirtyRuns())
        #expect(clean.label(for: "M/S/a") == nil && clean.flakyTests().isEmpty)
        #expect(history.runs.map(\.facts.dirty) == [false, true, false, true, false])
    }
}

/// Errors collected from several threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func append(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}
