import ResultModel

/// Builds the index page's view model: verdict, counts and their proportion bar, failures first, slowest tests,
/// durations' histogram, performance, and the module › suite › test tree.
enum IndexPageBuilder {
    static func model(
        facts: IndexFacts, totals: ResultTotals, timing: RunTiming, runs: [RunModel], testCount: Int,
        search: SearchModel?, chrome: PageChrome, history: ReportHistory? = nil, matrix: ConfigurationMatrix? = nil,
        notRun: TestsNotRun = TestsNotRun()
    ) -> IndexPageModel {
        let links = facts.links
        let allTests = links.href(toPage: ListPage(list: .all, number: 1).file)
        let failed = links.href(toPage: ListPage(list: .failed, number: 1).file)
        let skipped = links.href(toPage: ListPage(list: .skipped, number: 1).file)
        let failures = facts.failures
        let slowest = facts.slowest.map { test in
            RowModel(
                name: test.name, href: test.href(links), status: test.status.rawValue,
                duration: ReportFormatting.duration(test.duration))
        }
        let suiteLimit = 500
        let verdictFailed = totals.failed > 0
        let counts = [
            CountModel(label: "tests", value: totals.tests, status: "all", href: allTests),
            CountModel(label: "passed", value: totals.passed, status: "passed", href: allTests),
            CountModel(label: "failed", value: totals.failed, status: "failed", href: failed),
            CountModel(label: "skipped", value: totals.skipped, status: "skipped", href: skipped),
            CountModel(
                label: "expected failures", value: totals.expectedFailures, status: "expectedFailure",
                href: allTests),
        ]
        // The wall clock and the sum of the tests' durations, named as such: parallel tests' sum is no run time.
        var line = "\(totals.count) in \(runs.count) run(s), \(timing.phrase(ReportFormatting.duration))"
        // This run's retries are not the history's flaky tests (the Flaky page's count, shown under the trends).
        if totals.flaky > 0 { line += "; \(totals.flaky) passed on a retry" }
        if let notRunSentence = notRun.sentence { line += "; " + notRunSentence }
        return IndexPageModel(
            chrome: chrome,
            verdict: verdictFailed
                ? "Failed: \(totals.failed) of \(totals.tests) tests failed"
                : (totals.tests == 0 ? "No tests ran: an empty run is not a success" : "Passed"),
            verdictClass: verdictFailed ? "failed" : (totals.tests == 0 ? "empty" : "passed"),
            summaryLine: line,
            counts: counts,
            testCount: testCount,
            search: search,
            runs: runs,
            failures: Array(failures),
            hasFailures: !failures.isEmpty,
            moreFailures: facts.failedCount > failures.count ? facts.failedCount - failures.count : nil,
            moreFailuresHref: failed,
            slowest: Array(slowest),
            performance: facts.performance,
            hasPerformance: facts.measurementCount > 0,
            tree: facts.tree.model(suiteLimit: suiteLimit),
            treeHasTests: facts.tree.hasTests,
            treeTestLimit: SuiteTree.testLeafLimit,
            moreSuites: facts.tree.hiddenSuites(suiteLimit: suiteLimit) > 0
                ? facts.tree.hiddenSuites(suiteLimit: suiteLimit) : nil,
            statusBarHTML: OverviewCharts.statusBarHTML(totals),
            histogramHTML: OverviewCharts.histogramHTML(facts.durations),
            trendsHTML: history.map(HistoryHTML.trends).flatMap { $0.isEmpty ? nil : $0 },
            flakyCount: history?.flaky.count ?? 0, hasFlaky: !(history?.flaky.isEmpty ?? true),
            matrixHTML: matrix?.indexHTML(),
            allTestsHref: allTests,
            flakyHref: links.href(toPage: "flaky.html")
        )
    }
}
