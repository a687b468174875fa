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
        #expect(html.components(separatedBy: "<rect ").count - 1 == 4)
        #expect(
            html.contains("aria-label=\"Results of the last 4 runs, oldest first: passed, failed, retried, absent\""))
        #expect(html.contains("<title>run 2: failed</title>"))
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
        #expect(html.components(separatedBy: "role=\"img\"").count - 1 == 2)
        #expect(html.contains("runs, oldest to newest"))
    }
}
