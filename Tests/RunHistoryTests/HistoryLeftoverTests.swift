import Foundation
import Testing
import _TestSupport

@testable import RunHistory

/// A `history add --keep` killed while rewriting leaves a partial file beside the history; the next rewrite
/// removes it once its writer is gone, and a finished rewrite leaves nothing of its own.
@Suite struct HistoryLeftoverTests {
    @Test func aRewriteRemovesTheDeadWritersPartialFileAndLeavesNoneOfItsOwn() throws {
        let folder = try TestPaths.makeTemporaryDirectory("history-leftover")
        let url = folder.appendingPathComponent("h.rbhistory")
        for index in 1...3 { try RunHistoryTests.add(url, ["a": .passed], commit: "c\(index)") }
        let stale = folder.appendingPathComponent(".h.rbhistory.partial-\(try DeadProcess.id())")
        try Data("half a history".utf8).write(to: stale)

        try RunHistoryTests.add(url, ["b": .passed], commit: "c4", keep: 2)

        // The lock beside the history stays by design (docs/HISTORY.md); nothing else does.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                ".h.rbhistory.lock", "h.rbhistory",
            ])
        #expect(try RunHistory.read(url).runs.map(\.facts.commit) == ["c3", "c4"])
    }
}
