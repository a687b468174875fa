import ResultModel

/// The verdict and counts of every page's sticky header, from the run's totals.
enum HeaderSummary {
    /// The header's model: the verdict, then failed, passed and skipped (always, so the lists are one click
    /// away) and the rarer statuses when there are any; hrefs are relative to the report's root.
    static func model(_ totals: ResultTotals) -> HeaderSummaryModel {
        var counts = [
            CountModel(label: "failed", value: totals.failed, status: "failed", href: "failed.html"),
            CountModel(label: "passed", value: totals.passed, status: "passed", href: "all-1.html"),
            CountModel(label: "skipped", value: totals.skipped, status: "skipped", href: "skipped.html"),
        ]
        if totals.expectedFailures > 0 {
            counts.append(
                CountModel(
                    label: totals.expectedFailures == 1 ? "expected failure" : "expected failures",
                    value: totals.expectedFailures, status: "expectedFailure",
                    href: "all-1.html"))
        }
        let (verdict, status) =
            totals.failed > 0
            ? ("Failed", "failed") : totals.tests == 0 ? ("No tests", "unknown") : ("Passed", "passed")
        return HeaderSummaryModel(verdict: verdict, verdictStatus: status, counts: counts)
    }
}
