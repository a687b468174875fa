import Foundation
import ResultRecorder
import Testing
import WordTally

/// swift-testing tests that drive the tool in a pseudo-terminal and record terminal snapshots.
@Suite struct WordTallySwiftTests {
    @Test func toolShowsAColoredTable() async throws {
        try await step("Given the tool running in a terminal") {
            let session = try TerminalSession(command: [ToolLocation.wordtally.path], columns: 40, rows: 10)
            try await step("When the user types a sentence") {
                try await session.waitFor(text: "Enter text>")
                session.snapshot(named: "prompt")
                try session.send(keys: "one fish two fish red fish<Enter>")
                try await session.waitFor(text: "total")
            }
            step("Then the table lists fish first") {
                let screen = session.snapshot(named: "table")
                #expect(screen.text.contains("fish         3"))
            }
        }
    }

    @Test(arguments: ["a b c", "a a a"])
    func totalsAreCounted(text: String) {
        step("Count \(text)") {
            #expect(WordTally(text).total == 3)
        }
    }

    @Test func deliberateFailureInsideAStep() throws {
        try step("Given a word list") {
            try step("Then the first word is 'zebra' (deliberately wrong)") {
                let first = try #require(WordTally("apple banana").counts.first)
                #expect(first.word == "zebra", "a deliberate failure, to show how failures look")
                if first.word != "zebra" { throw DeliberateFailure() }
            }
        }
    }

    @Test(.disabled("disabled on purpose, to show how skips look")) func skippedOnPurpose() {}

    struct DeliberateFailure: Error, CustomStringConvertible {
        var description: String { "the first word was not 'zebra'" }
    }
}
