import Foundation
import ResultBundle
import ResultModel
import RunComparison
import RunHistory
import Testing
import _TestSupport

/// A history whose runs name their tests without modules and with them (XCTest on Linux, with and without
/// `--parallel`): one key per test, both ways, and lookups by either id.
struct ModuleLessHistoryTests {
    static func digest(module: String?, _ statuses: [String: TestStatus]) throws -> RunDigest {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(name: "ci", producer: "tests", source: "test"))
        for name in statuses.keys.sorted() {
            try results.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: module, suites: ["S"], name: name),
                    attempts: [TestAttempt(status: statuses[name]!, duration: 0.01)]))
        }
        return try RunDigest(results)
    }

    @Test(arguments: [nil, "M"] as [String?])
    func aTestKeepsOneKeyWhetherOrNotARunNamesItsModule(firstModule: String?) throws {
        let url = try TestPaths.makeTemporaryDirectory("moduleless").appendingPathComponent("h.rbhistory")
        let other: String? = firstModule == nil ? "M" : nil
        var outcomes: [HistoryWriter.Outcome] = []
        for (index, module) in [firstModule, other, firstModule, other].enumerated() {
            let statuses: [String: TestStatus] = ["a": index % 2 == 0 ? .passed : .failed, "b": .passed]
            outcomes.append(
                try HistoryWriter.add(
                    try Self.digest(module: module, statuses), facts: HistoryRun.Facts(commit: "c\(index)", tests: 2),
                    to: url, keep: 100))
        }
        #expect(outcomes.map(\.newTests) == [2, 0, 0, 0])
        let history = try RunHistory.read(url)
        #expect(history.keys.count == 2)
        let analysis = HistoryAnalysis(history)
        // Looked up by the id with or without module, as a report or summary of either kind of run would.
        for id in ["S/a", "M/S/a"] {
            #expect(analysis.record(for: id)?.flips == 3)
            #expect(analysis.label(for: id) == "flaky: 3 flips in the last 4 runs")
            #expect(!analysis.isClean(id))
        }
        #expect(analysis.flakyTests().count == 1)
        #expect(UnsettledKeys(analysis.unsettledKeys()).contains(other == nil ? "M/S/a" : "S/a"))
    }
}
