import Testing

@testable import HTMLReport

/// What a history draws on a test page: its label, one square per run and a sparkline, all escaped.
struct HistoryHTMLTests {
    @Test func aStripHasOneSquarePerRunAndTheLabel() {
        let html = HistoryHTML.strip(
            ReportHistory.Trend(
                statuses: ["passed", "failed", "retried", "absent"], durations: [0.1, 0.2, nil, 0.4],
                label: "failing for 2 runs since <b>abc</b>"))
        #expect(html.contains("<span class=\"badge\">failing for 2 runs since &lt;b&gt;abc&lt;/b&gt;</span>"))
        #expect(html.components(separatedBy: "<g class=\"h-").count - 1 == 4)
        // Each status its own shape: a disc, a crossed square, a diamond, a dotted outline.
        #expect(html.contains("<g class=\"h-passed\"><title>3 runs before: passed</title><circle "))
        #expect(html.contains("<g class=\"h-failed\"><title>2 runs before: failed</title><rect "))
        #expect(html.contains("<g class=\"h-retried\"><title>1 run before: retried</title><path "))
        #expect(
            html.contains("aria-label=\"Results of the last 4 runs, oldest first: passed, failed, retried, absent\""))
        #expect(html.contains("<title>2 runs before: failed</title>"))
        #expect(html.contains("class=\"sparkline\""))
    }

    @Test func trendChartsAreLabelledAndEscapeRunNames() {
        let history = ReportHistory(
            runs: [
                .init(name: "<script>", tests: 10, failed: 2, duration: 1.5, p95: 0.2),
                .init(name: "c2", tests: 12, failed: 0, duration: 2.0, p95: 0.3),
            ], flaky: [], trend: { _ in nil })
        let html = HistoryHTML.trends(history)
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;: 10 tests, 2 failed"))
        // Counts, total time and the 95th percentile: one quantity per chart, each with a legend and run names.
        #expect(html.components(separatedBy: "role=\"img\"").count - 1 == 3)
        #expect(html.components(separatedBy: "<figcaption class=\"trend-legend\">").count - 1 == 3)
        #expect(html.contains(">&lt;script&gt;</text>") && html.contains(">c2</text>"))
        #expect(html.contains("runs, oldest to newest"))
    }

    @Test func stripSquaresAndTrendBarsLinkToTheRunsReportsWhenGiven() {
        let trend = ReportHistory.Trend(
            statuses: ["passed", "failed", "passed"], durations: [nil, nil, nil], label: nil,
            urls: ["https://ci.example/a\"b/", nil, "r/3/index.html"])
        let html = HistoryHTML.strip(trend)
        #expect(html.contains("<a href=\"https://ci.example/a&quot;b/\" aria-label=\"2 runs before: passed\">"))
        #expect(html.contains("<a href=\"r/3/index.html\" aria-label=\"newest run: passed\">"))
        #expect(html.components(separatedBy: "<a ").count - 1 == 2)
        #expect(!html.contains("role=\"img\" aria-label=\"Results"))  // links stay reachable
        let history = ReportHistory(
            runs: [.init(name: "c1", tests: 3, failed: 1, duration: 1, p95: nil, url: "r/1/")], flaky: [],
            trend: { _ in nil })
        let charts = HistoryHTML.trends(history)
        #expect(charts.contains("<a href=\"r/1/\" aria-label=\"c1: 3 tests, 1 failed\">"))
        #expect(charts.contains("role=\"group\" aria-labelledby=\"trend-counts-title\""))
    }

    @Test func aMiniStripShowsTheNewestTenResults() {
        let statuses = Array(repeating: "passed", count: 12) + ["failed", "retried"]
        let plain = HistoryHTML.miniStrip(
            ReportHistory.Trend(statuses: statuses, durations: [], label: nil))
        #expect(plain.components(separatedBy: "<i ").count - 1 == 10)
        #expect(plain.contains("<i class=\"h-failed\"></i><i class=\"h-retried\"></i></span>"))
        #expect(plain.contains("aria-label=\"Last 10 runs, oldest first: passed, passed"))
        let linked = HistoryHTML.miniStrip(
            ReportHistory.Trend(
                statuses: ["failed", "passed"], durations: [], label: nil, urls: ["<x>", nil]))
        #expect(linked.contains("<a class=\"h-failed\" href=\"&lt;x&gt;\" title=\"1 run before: failed\""))
        #expect(linked.contains("<i class=\"h-passed\" title=\"newest run: passed\"></i>"))
        #expect(ReportHistory.Trend(statuses: ["passed", "absent"], durations: [], label: nil).isClean)
        #expect(!ReportHistory.Trend(statuses: ["passed", "retried"], durations: [], label: nil).isClean)
    }

    @Test func oneRunIsSingularInEveryLabel() {
        let strip = HistoryHTML.strip(ReportHistory.Trend(statuses: ["passed"], durations: [0.1], label: nil))
        #expect(strip.contains("aria-label=\"Results of the last 1 run, oldest first: passed\""))
        let linked = HistoryHTML.strip(
            ReportHistory.Trend(
                statuses: ["failed", "passed"], durations: [nil, nil], label: nil, urls: ["a/", "b/"]))
        #expect(linked.contains("aria-label=\"1 run before: failed\""))
        #expect(
            HistoryHTML.miniStrip(ReportHistory.Trend(statuses: ["passed"], durations: [], label: nil))
                .contains("aria-label=\"Last 1 run, oldest first: passed\""))
        let history = ReportHistory(
            runs: [.init(name: "c1", tests: 1, failed: 1, duration: 1, p95: nil)],
            flaky: [.init(test: "M/S/t", flips: 1, flipRate: 1, retriesPassed: 0, runs: 1)], trend: { _ in nil })
        let trends = HistoryHTML.trends(history)
        #expect(trends.contains("in each of the last 1 run</title>"))
        #expect(trends.contains("c1: 1 test, 1 failed"))
        #expect(trends.contains("<title id=\"trend-time-title\">Total test time per run, up to 1"))
    }

    @Test func theFlakyTableSaysWhatEachColumnHoldsAndLinksNames() {
        let flaky = [
            ReportHistory.FlakyTest(
                test: "M/S/<flips>", flips: 4, flipRate: 1, retriesPassed: 1, runs: 5, lastFlip: "c5",
                statuses: ["passed", "failed", "passed", "failed", "retried"]),
            ReportHistory.FlakyTest(test: "M/S/gone", flips: 2, flipRate: 1, retriesPassed: 0, runs: 3),
        ]
        let html = FlakyTableHTML.table(flaky, hrefs: ["M/S/<flips>": "tests/x-1.html"])
        #expect(html.contains("<th scope=\"col\" class=\"num\">Flips</th><th scope=\"col\" class=\"num\">Runs</th>"))
        #expect(
            html.contains(
                "<th scope=\"row\" class=\"name\"><a href=\"tests/x-1.html\">M/S/&lt;flips&gt;</a></th>"
                    + "<td class=\"num\">4</td><td class=\"num\">5</td><td class=\"num\">1</td><td>c5</td>"))
        #expect(html.contains("<th scope=\"row\" class=\"name\">M/S/gone</th>"))
        #expect(html.contains("<i class=\"h-failed\"></i><i class=\"h-retried\"></i></span>"))
        #expect(FlakyTableHTML.table([], hrefs: [:]).isEmpty)
    }

    @Test func runNamesUnderTheAxisAreTheFirstTheLastAndAFewBetween() {
        #expect(HistoryHTML.labelledRuns(1) == [0])
        #expect(HistoryHTML.labelledRuns(2) == [0, 1])
        #expect(HistoryHTML.labelledRuns(5) == [0, 1, 3, 4])
        #expect(HistoryHTML.labelledRuns(100) == [0, 33, 66, 99])
    }

    @Test func theIndexListsNewFailuresBeforeOlderOnes() {
        var facts = IndexFacts(failuresOnIndex: 2)
        func failing(_ name: String, label: String?) -> TestSummary {
            TestSummary(
                name: name, groupKey: "M › S", status: .failed, duration: 0.1, pagePath: nil, detail: nil,
                anchorHash: UInt64(name.hashValue.magnitude), listPage: 1, failureMessage: "no",
                failureLocation: nil, historyLabel: label)
        }
        facts.add(failing("old1", label: "failing for 3 runs since c1"))
        facts.add(failing("old2", label: nil))
        facts.add(failing("fresh", label: "new failure"))
        facts.add(failing("added", label: "new test"))
        facts.add(failing("old3", label: "flaky: 2 flips in the last 5 runs"))
        #expect(facts.failures.map(\.name) == ["fresh", "added"])
        #expect(facts.failures.map(\.label) == ["new failure", "new test"])
        #expect(facts.failedCount == 5)
    }
}
