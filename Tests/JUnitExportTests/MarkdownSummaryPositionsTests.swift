import Foundation
import JUnitExport
import ResultBundle
import ResultModel
import Testing
import _TestSupport

/// The summary of a bundle that knows where its failed tests are (format 1.7) reads those alone, and says exactly
/// what it says after reading every test.
@Suite struct MarkdownSummaryPositionsTests {
    @Test func saysWhatReadingEveryTestSays() throws {
        let directory = try TestPaths.makeTemporaryDirectory("summary-positions")
        for bundle in try ShownTestsBundles.all(in: directory) {
            let reader = try BundleReader(url: bundle)
            let summary = MarkdownSummary(maxBytes: 16 << 10)
            #expect(
                try summary.render([reader]) == (try summary.render([EveryTestSource(reader)])),
                "\(bundle.lastPathComponent)")
        }
    }

    @Test(arguments: ["v1.0-mixed", "v1.0-merged", "v1.4-wall-clock-and-sources", "v1.6-coverage"])
    func saysWhatItSaidOfTheSampleBeforeItWasRewritten(name: String) throws {
        let sample = TestPaths.sampleBundles.appendingPathComponent(name + ".resultbundle")
        let rewritten = try TestPaths.makeTemporaryDirectory("summary-positions").appendingPathComponent(
            "r.resultbundle")
        _ = try BundleMerger().merge([sample], into: rewritten)
        let summary = MarkdownSummary()
        #expect(
            try summary.render([BundleReader(url: rewritten)]) == (try summary.render([BundleReader(url: sample)])))
    }

    @Test func readsOnlyTheFailedTestsWhoseEntriesCouldFit() throws {
        let url = try TestPaths.makeTemporaryDirectory("summary-causes").appendingPathComponent("f.resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched(maxBytes: 64 << 10))
        let run = try writer.beginRun(RunRecord(name: "many failures", producer: "test", source: "test"))
        for number in 0..<3000 {
            let issue = IssueRecord(
                kind: .assertion, message: "expected \(number % 4) to be \(number)",
                location: SourceLocation(file: "Tests/Suite\(number % 5).swift", line: 10))
            try writer.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: "M", suites: ["S\(number % 5)"], name: "t\(number)"),
                    attempts: [TestAttempt(status: .failed, duration: 0.1, issues: [issue])]))
        }
        try writer.endRun(run, RunEnd(exitCode: 1, wallClock: 300))
        try writer.close()
        let summary = MarkdownSummary(maxBytes: 4096)
        let source = ShownTestsOnlySource(try BundleReader(url: url))
        let markdown = try summary.render([source])
        #expect(markdown == (try summary.render([EveryTestSource(try BundleReader(url: url))])))
        #expect(markdown.contains("### Failure causes"))
        #expect(source.testsRead <= 4096 / 50 + 1)
    }

    @Test func readsNoPassedTestOfARunWhoseTimeItNeedsNot() throws {
        let url = try TestPaths.makeTemporaryDirectory("summary-positions").appendingPathComponent("g.resultbundle")
        try ShownTestsBundles.writeGeneratedRuns(to: url)
        let markdown = try MarkdownSummary().render([ShownTestsOnlySource(BundleReader(url: url))])
        #expect(markdown.hasPrefix("## ❌ 374 of 1,200 tests failed\n"))
    }
}
