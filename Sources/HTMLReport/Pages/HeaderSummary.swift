import ResultModel
import ResultSupport

/// The verdict and counts of every page's sticky header, from the run's totals.
enum HeaderSummary {
    /// The header's model: the verdict, then failed, passed and skipped (always, so the lists are one click
    /// away) and the rarer statuses when there are any, linked in the style `links` from a page `root` away from
    /// the report's root.
    static func model(_ totals: ResultTotals, links: LinkStyle = .files, root: String = "") -> HeaderSummaryModel {
        let allTests = links.href(toPage: ListPage(list: .all, number: 1).file, from: root)
        var counts = [
            CountModel(
                label: "failed", value: NumberText.count(totals.failed), status: "failed",
                href: links.href(toPage: ListPage(list: .failed, number: 1).file, from: root)),
            CountModel(label: "passed", value: NumberText.count(totals.passed), status: "passed", href: allTests),
            CountModel(
                label: "skipped", value: NumberText.count(totals.skipped), status: "skipped",
                href: links.href(toPage: ListPage(list: .skipped, number: 1).file, from: root)),
        ]
        if totals.expectedFailures > 0 {
            counts.append(
                CountModel(
                    label: totals.expectedFailures == 1 ? "expected failure" : "expected failures",
                    value: NumberText.count(totals.expectedFailures), status: "expectedFailure",
                    href: allTests))
        }
        let (verdict, status) =
            totals.failed > 0
            ? ("Failed", "failed") : totals.tests == 0 ? ("No tests", "unknown") : ("Passed", "passed")
        return HeaderSummaryModel(verdict: verdict, verdictStatus: status, counts: counts)
    }
}
