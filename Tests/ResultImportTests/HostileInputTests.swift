import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

/// Inputs built to break the structured and swift-testing parsers: they must finish, keep what is valid, and
/// report the rest.
@Suite struct HostileInputTests {
    @Test func eventStreamsWithBrokenLinesWrongTypesAndHugeValuesStillImport() throws {
        var lines = try String(
            contentsOfFile: ImportHarness.corpus("swift-6.3-linux/calc.events-v0.jsonl"), encoding: .utf8
        )
        .split(separator: "\n").map(String.init)
        lines.insert("{not json", at: 3)
        lines.insert(
            "{\"kind\":\"event\",\"payload\":{\"kind\":\"testEnded\",\"testID\":42,\"instant\":\"soon\"},\"version\":0}",
            at: 4)
        lines.insert(
            "{\"kind\":\"event\",\"payload\":{\"kind\":\"issueRecorded\",\"testID\":\"<script>x</script>\",\"issue\":{\"sourceLocation\":{\"line\":\"x\"}}},\"version\":0}",
            at: 5)
        lines.insert("[1,2,3]", at: 6)
        lines.insert(
            "{\"kind\":\"event\",\"payload\":{\"kind\":\"valueAttached\",\"testID\":\"CalcTests.CalcSuite/adds()/SwiftTests.swift:4:4\",\"attachment\":{\"_bytes\":\"%%%not base64%%%\",\"_preferredName\":\"../../x\"}},\"version\":0}",
            at: 7)
        lines.append(
            "{\"kind\":\"event\",\"payload\":{\"kind\":\"testStarted\",\"testID\":\""
                + String(repeating: "A", count: 2 << 20) + "\"},\"version\":0}")
        var data = Data(lines.joined(separator: "\n").utf8)
        data.append(contentsOf: [0xFF, 0xFE, 0x0A])
        let directory = try TestPaths.makeTemporaryDirectory("hostile-events")
        let url = directory.appendingPathComponent("events.jsonl")
        try data.write(to: url)
        let result = try ImportHarness.run([url.path], format: .eventStream)
        #expect(result.totals.failed >= 1 && result.totals.skipped == 1)
        let names = Set(result.results.tests.map(\.identity.name))
        #expect(["adds()", "failing()", "param(x:)", "disabled()", "attaches()"].allSatisfy(names.contains))
        #expect(result.outcomes.first?.diagnostics.contains { $0.message.contains("not a JSON event record") } == true)
    }

    @Test func swiftTestingConsoleLinesWithHostileNamesAndTruncationsFinish() throws {
        var log = "◇ Test run started.\n"
        log += "◇ Test \"<script>alert(1)</script>\" started.\n"
        log += "✘ Test \"<script>alert(1)</script>\" recorded an issue at :::: \u{1B}[31mboom\n"
        log += "✘ Test \"<script>alert(1)</script>\" recorded an issue with 3 arguments at\n"
        log += "↳ " + String(repeating: "x", count: 1 << 20) + "\n"
        log += "◇ Test case passing 1 argument x → \" to \" to \"<script>alert(1)</script>\" started.\n"
        log += "✘ Test \"<script>alert(1)</script>\" failed after NaN seconds with 2 issues.\n"
        log += "✔ Test ✔ Test passed after 1e999 seconds.\n"
        log += "◇ Test unfinished() started.\n"
        log += "✘ Test run with many tests failed"
        let result = try ImportHarness.run(text: log)
        let evil = try #require(result.results.tests.first { $0.identity.name == "<script>alert(1)</script>" })
        #expect(evil.status == .failed && !evil.cases.isEmpty)
        #expect(result.results.tests.first { $0.identity.name == "unfinished()" }?.status == .interrupted)
    }

    @Test func hostileJUnitImportsWithCleanCountsAndNoEscapedAttachment() throws {
        let file = TestPaths.fixture("hostile-xml/hostile.xml").path
        let result = try ImportHarness.run([file])
        #expect(result.totals.tests == 2 && result.totals.failed == 1 && result.totals.skipped == 1)
        #expect(result.results.tests.allSatisfy { $0.finalAttempt?.attachments.isEmpty ?? true })
        let failure = try #require(result.results.tests.first { $0.status == .failed }?.finalAttempt?.issues.first)
        #expect(failure.message.contains("<script>"))
    }
}
