import ResultModel
import Testing

@testable import HTMLReport

@Suite struct DurationHistogramTests {
    @Test(arguments: [
        (0.0, 0), (0.000_999, 0), (0.001, 1), (0.009_9, 1), (0.01, 2), (0.099, 2), (0.1, 3), (0.999, 3), (1.0, 4),
        (9.99, 4), (10.0, 5), (59.9, 5), (60.0, 6), (599.0, 6), (600.0, 7), (86_400.0, 7),
    ])
    func putsEachDurationInItsDecade(seconds: Double, bucket: Int) {
        #expect(DurationHistogram.bucket(of: seconds) == bucket)
    }

    @Test(arguments: [nil, -1, Double.nan, Double.infinity] as [Double?])
    func leavesMissingAndImpossibleDurationsOut(seconds: Double?) {
        var histogram = DurationHistogram()
        histogram.add(duration: seconds, isFailure: true)
        #expect(DurationHistogram.bucket(of: seconds) == nil)
        #expect(histogram.total == 0)
        #expect(histogram.withoutDuration == 1)
        #expect(histogram.failures.allSatisfy { $0 == 0 })
    }

    @Test func countsTestsAndFailuresPerBucket() {
        var histogram = DurationHistogram()
        for seconds in [0.0005, 0.0004, 0.002, 0.5, 0.7, 3, 120] { histogram.add(duration: seconds, isFailure: false) }
        histogram.add(duration: 0.6, isFailure: true)
        #expect(histogram.counts == [2, 1, 0, 3, 1, 0, 1, 0])
        #expect(histogram.failures == [0, 0, 0, 1, 0, 0, 0, 0])
        #expect(histogram.total == 8)
    }

    @Test func labelsRunFromUnderAMillisecondToMinutes() {
        let labels = DurationHistogram.buckets.map(\.label)
        #expect(labels.first == "< 1 ms")
        #expect(labels.last == "≥ 10 min")
        #expect(DurationHistogram.buckets.dropLast().allSatisfy { $0.upperBound != nil })
    }

    @Test func histogramDrawsABarWithATitlePerBucketAndATable() {
        var histogram = DurationHistogram()
        histogram.add(duration: 0.0002, isFailure: false)
        histogram.add(duration: 2, isFailure: true)
        let html = OverviewCharts.histogramHTML(histogram)
        #expect(html.contains("<title>&lt; 1 ms: 1 test</title>"))
        #expect(html.contains("<title>1–10 s: 1 test, 1 failed</title>"))
        #expect(html.contains("Duration per test (log scale)"))
        #expect(html.contains(">Tests</text>"))
        #expect(html.components(separatedBy: "<g><title>").count == DurationHistogram.buckets.count + 1)
        #expect(html.contains("<td>≥ 10 min</td><td class=\"num\">0</td>"))
        #expect(!html.contains("style="))
        #expect(OverviewCharts.histogramHTML(DurationHistogram()).isEmpty)
    }

    @Test func proportionBarGivesSmallCountsAVisibleSegmentAndFillsTheWidth() {
        let widths = OverviewCharts.widths([1, 99_999, 0])
        #expect(widths == [4, 996, 0])
        #expect(OverviewCharts.widths([1, 1]) == [500, 500])
        #expect(OverviewCharts.percent(1, of: 100_000) == "< 0.1%")
        #expect(OverviewCharts.percent(1, of: 8) == "12.5%")
    }

    @Test func proportionBarHasATitledSegmentPerStatusAndTheCountsAsText() {
        var totals = ResultTotals()
        totals.tests = 10
        totals.passed = 7
        totals.failed = 2
        totals.skipped = 1
        let html = OverviewCharts.statusBarHTML(totals)
        #expect(html.contains("<title>failed: 2 (20.0%)</title>"))
        #expect(html.contains("<title>passed: 7 (70.0%)</title>"))
        #expect(html.contains("<title>skipped: 1 (10.0%)</title>"))
        #expect(!html.contains("expected failures"))
        #expect(html.contains("<li><span class=\"st s-failed\">failed</span> 2 (20.0%)</li>"))
        #expect(!html.contains("style="))
    }
}
