import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import RunHistory

/// Test keys are stored length-prefixed: no byte of a test's name can split one key into two or shift the table.
struct HistoryKeyEncodingTests {
    static let hostileNames = [
        "a\nb", "line\r\nbreak", "\n", "trailing\n", "nul\u{0}byte", "tab\tand\u{1B}[31mcolor", "ünïcödé 🧪",
        "\u{2028}separator", "",
    ]

    @Test func fiveRunsReadBackAsFiveWhateverTheNames() throws {
        let url = try TestPaths.makeTemporaryDirectory("names").appendingPathComponent("h.rbhistory")
        var statuses: [String: TestStatus] = [:]
        for name in Self.hostileNames { statuses[name] = .passed }
        for index in 1...5 {
            statuses["a\nb"] = index % 2 == 0 ? .failed : .passed
            statuses["new\n\(index)"] = .passed
            try RunHistoryTests.add(url, statuses, commit: "c\(index)")
        }
        let history = try RunHistory.read(url)
        #expect(history.runs.map(\.facts.commit) == ["c1", "c2", "c3", "c4", "c5"])
        #expect(history.damage.isEmpty)
        let expected = Set(Self.hostileNames.map { "M/S/\($0)" } + (1...5).map { "M/S/new\n\($0)" })
        #expect(Set(history.keys) == expected && history.keys.count == expected.count)
        let record = try #require(HistoryAnalysis(history).record(for: "M/S/a\nb"))
        #expect(record.statuses == [.passed, .failed, .passed, .failed, .passed])
        #expect(
            HistoryAnalysis(history).record(for: "M/S/new\n5")?.statuses == [
                .absent, .absent, .absent, .absent, .passed,
            ])
    }

    @Test func aKeysPayloadRoundTripsAndRefusesWhatItDoesNotHold() throws {
        let keys = Self.hostileNames
        let payload = HistoryKeyEncoding.encode(keys, first: 7)
        let decoded = try #require(HistoryKeyEncoding.decode(payload))
        #expect(decoded.first == 7 && decoded.keys == keys)
        #expect(HistoryKeyEncoding.decode(Array(payload.dropLast())) == nil)
        #expect(HistoryKeyEncoding.decode(payload + [0]) == nil)
    }

    @Test func aFormat1HistoryIsReadAndUpgradedByTheNextAddition() throws {
        let url = try TestPaths.makeTemporaryDirectory("upgrade").appendingPathComponent("h.rbhistory")
        var bytes = HistoryFormat.header(major: 1, minor: 1)
        bytes += try HistoryFormat.frame(.tests, payload: Array("M/S/a\nM/S/b".utf8), major: 1)
        let run = HistoryRun(
            facts: HistoryRun.Facts(commit: "old", tests: 2, p95: 0.01), statuses: [.passed, .failed],
            durations: [11, 11])
        bytes += try HistoryFormat.frame(.run, payload: try RunHistory.runPayload(run), major: 1)
        try Data(bytes).write(to: url)
        #expect(try RunHistory.read(url).runs.map(\.facts.commit) == ["old"])
        try RunHistoryTests.add(url, ["a": .passed, "b": .passed, "c\nd": .failed], commit: "new")
        let upgraded = [UInt8](try Data(contentsOf: url))
        #expect(upgraded.littleEndian(UInt16.self, at: 8) == HistoryFormat.major)
        let history = try RunHistory.read(url)
        #expect(history.runs.map(\.facts.commit) == ["old", "new"] && history.damage.isEmpty)
        #expect(history.keys == ["M/S/a", "M/S/b", "M/S/c\nd"])
        #expect(history.runs[0].status(at: 1) == .failed && history.runs[1].status(at: 2) == .failed)
    }

    @Test func aTableOverTheLimitIsRefused() throws {
        let url = try TestPaths.makeTemporaryDirectory("huge-table").appendingPathComponent("h.rbhistory")
        var bytes = HistoryFormat.header()
        bytes += try HistoryFormat.frame(
            .keys, payload: HistoryKeyEncoding.encode(["x"], first: HistoryLimits.maxKeys))
        try Data(bytes).write(to: url)
        #expect {
            try RunHistory.read(url)
        } throws: { error in
            (error as? HistoryError)?.code == .tooLarge && "\(error)".contains("byte 16")
        }
    }

    @Test func longRunFactsAreCutWhenWrittenAndWhenRead() throws {
        let url = try TestPaths.makeTemporaryDirectory("facts").appendingPathComponent("h.rbhistory")
        let long = String(repeating: "é", count: 100_000)
        _ = try HistoryWriter.add(
            try RunHistoryTests.digest(["a": .passed]),
            facts: HistoryRun.Facts(name: long, commit: long, branch: long, tests: 1), to: url, keep: 10)
        let facts = try #require(try RunHistory.read(url).runs.first?.facts)
        for value in [facts.name, facts.commit, facts.branch] {
            #expect((value?.utf8.count ?? 0) <= HistoryLimits.maxFactBytes && value?.hasSuffix("…") == true)
        }
        #expect(try Data(contentsOf: url).count < 4096)
    }
}
