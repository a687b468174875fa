import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

@Suite struct SwiftTestingConsoleTests {
    /// Xcode 16 logs put a zero-width space (or another invisible formatting character) before the result symbol
    /// of lines after parameterized tests; such a line is still the test's result.
    @Test(arguments: ["\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{200B}\u{200B}"])
    func anInvisibleCharacterBeforeTheSymbolIsIgnored(invisible: String) throws {
        let log = """
            ◇ Test run started.
            ◇ Test adds() started.
            ◇ Test fails() started.
            \(invisible)✔ Test adds() passed after 0.001 seconds.
            \(invisible)􀢄 Test fails() recorded an issue at CalcTests.swift:7:5: Expectation failed: 1 == 2
            \(invisible)􀢄 Test fails() failed after 0.002 seconds with 1 issue.
            \(invisible)✘ Test run with 2 tests failed after 0.003 seconds with 1 issue.

            """
        let result = try ImportHarness.run(text: log)
        let statuses = Dictionary(uniqueKeysWithValues: result.results.tests.map { ($0.identity.name, $0.status) })
        #expect(statuses == ["adds()": .passed, "fails()": .failed])
        let issue = try #require(
            result.results.tests.first { $0.identity.name == "fails()" }?.finalAttempt?.issues.first)
        #expect(issue.location?.line == 7 && issue.message.contains("Expectation failed"))
    }
}
