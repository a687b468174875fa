import CIAnnotations
import Foundation
import ResultBundle
import ResultModel
import Testing

/// Numbers and names at the extremes: durations no `Int` holds, and titles whose characters carry thousands of
/// combining marks.
@Suite struct ExtremeValueTests {
    static func results(_ tests: [(name: String, status: TestStatus, duration: Double?)]) throws -> InMemoryResults {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(name: "extreme", producer: "tests", source: "test"))
        for test in tests {
            var attempt = TestAttempt(status: test.status, duration: test.duration)
            if test.status == .failed { attempt.issues = [IssueRecord(kind: .assertion, message: "boom")] }
            var record = TestRecord(
                identity: TestIdentity(module: "M", suites: ["S"], name: test.name), attempts: [attempt])
            record.runIndex = run
            try results.addTest(record)
        }
        return results
    }

    @Test(arguments: [1e20, -1e20, Double.infinity, -Double.infinity, Double.nan, Double.greatestFiniteMagnitude])
    func teamcityWritesADurationNoIntHolds(duration: Double) throws {
        let source = try Self.results([("passes", .passed, duration), ("fails", .failed, duration)])
        let text = try Fixtures.render(source, .teamcity, root: nil)
        let messages = try CIParsers.lines(text).map(CIParsers.teamcity)
        let finished = messages.filter { $0.name == "testFinished" }
        #expect(finished.count == 2)
        for message in finished {
            let milliseconds = try #require(message.properties["duration"].flatMap { Int($0) })
            #expect(milliseconds >= 0)
        }
    }

    @Test func githubTitlesAreCutByBytesNotCharacters() throws {
        // Each character is a letter with 10 combining marks (21 bytes): 200 characters would be 4 KB.
        let heavy = String(repeating: "a" + String(repeating: "\u{301}", count: 10), count: 2_000)
        let source = try Self.results([(heavy, .failed, 1)])
        let text = try Fixtures.render(source, .github, root: nil)
        let commands = try CIParsers.lines(text).map(CIParsers.github).filter { $0.name == "error" }
        #expect(commands.count == 1)
        let command = try #require(commands.first)
        let title = try #require(command.properties["title"])
        #expect(title.utf8.count <= 200, "\(title.utf8.count) bytes")
        #expect(title.unicodeScalars.filter { $0 == "\u{301}" }.count > 50 && title.contains("…"))
    }
}
