import ResultModel
import ResultSupport

/// Builds the index page's view model, triage first: the verdict and one line of counts (the sticky header links
/// each status's count; the index does not repeat them in boxes), the failures grouped by cause, the failures, then the rest (slowest tests, durations' histogram,
/// performance, the module › suite › test tree, the runs).
enum IndexPageBuilder {
    static func model(
        facts: IndexFacts, causes: FailureCauses = FailureCauses(), totals: ResultTotals, timing: RunTiming,
        runs: [RunModel], testCount: Int, search: SearchModel?, chrome: PageChrome, history: ReportHistory? = nil,
        matrix: ConfigurationMatrix? = nil, notRun: TestsNotRun = TestsNotRun()
    ) -> IndexPageModel {
        let links = facts.links
        let allTests = links.href(toPage: ListPage(list: .all, number: 1).file)
        let failed = links.href(toPage: ListPage(list: .failed, number: 1).file)
        let causeModels = causes.isWorthShowing ? Self.causes(causes, links: links) : []
        let causesShown = Set(causeModels.map(\.anchor))
        let failures = facts.failures.map { failure in
            var failure = failure
            if let id = failure.causeID, causesShown.contains(FailureCauses.anchor(id)) {
                failure.causeHref = "#" + FailureCauses.anchor(id)
            }
            return failure
        }
        let slowest = facts.slowest.map { test in
            RowModel(
                name: test.name, href: test.href(links), status: test.status.rawValue,
                duration: ReportFormatting.duration(test.duration))
        }
        let suiteLimit = 500
        let verdictFailed = totals.failed > 0
        // The wall clock and the sum of the tests' durations, named as such: parallel tests' sum is no run time.
        let tests = totals.count.cases == 0 ? Counted.noun(totals.tests, "test") : totals.count.description
        var line = verdictFailed ? "\(NumberText.count(totals.failed)) of \(tests) failed" : tests
        line += " in \(Counted.noun(runs.count, "run")), \(timing.phrase(ReportFormatting.duration))"
        // This run's retries are not the history's flaky tests (the Flaky page's count, shown under the trends).
        if totals.flaky > 0 { line += "; \(NumberText.count(totals.flaky)) passed on a retry" }
        if let notRunSentence = notRun.sentence { line += "; " + notRunSentence }
        let hiddenCauses = causes.clusters.count - causeModels.count
        return IndexPageModel(
            chrome: chrome,
            verdict: verdictFailed
                ? "Failed" : (totals.tests == 0 ? "No tests ran: an empty run is not a success" : "Passed"),
            verdictClass: verdictFailed ? "failed" : (totals.tests == 0 ? "empty" : "passed"),
            summaryLine: line,
            testCount: testCount,
            search: search,
            runs: runs,
            causes: causeModels,
            hasCauses: !causeModels.isEmpty,
            moreCauses: !causeModels.isEmpty && hiddenCauses > 0 ? Counted.noun(hiddenCauses, "more cause") : nil,
            failures: failures,
            hasFailures: !failures.isEmpty,
            moreFailures: facts.failedCount > failures.count
                ? Counted.noun(facts.failedCount - failures.count, "more failure") : nil,
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

    /// The largest ``FailureCauses/causesOnIndex`` causes that more than one failure shares, each linking to its
    /// group in the failed list. A cause of one failure groups nothing: that failure shows its message in the
    /// failures list below, which keeps the first failure near the top of the page on a phone.
    private static func causes(_ causes: FailureCauses, links: LinkStyle) -> [CauseModel] {
        causes.clusters.largestFirst.prefix { $0.count > 1 }.prefix(FailureCauses.causesOnIndex).map { cluster in
            let tests = causes.tests(of: cluster).map {
                CauseTestModel(name: $0.name, href: $0.href, place: $0.place)
            }
            let page = ListPage(list: .failed, number: causes.failedPage(of: cluster)).file
            let anchor = FailureCauses.anchor(cluster.id)
            let failedHref =
                links == .files ? page + "#" + anchor : "#" + links.idPrefix(ofPage: page) + anchor
            var places = cluster.suites.isEmpty ? cluster.modules : cluster.suites
            if places.isEmpty { places = cluster.files }
            let more = places.count == FailureClusters.maxListed ? ", …" : ""
            return CauseModel(
                anchor: anchor, countText: Counted.noun(cluster.count, "failure"),
                message: DisplayText.clean(cluster.sampleMessage),
                location: cluster.sampleLocation.map { DisplayText.clean(SourceDisplay.plain.text($0)) },
                spans: DisplayText.clean(places.joined(separator: ", ") + more),
                tests: tests,
                moreTests: cluster.count > tests.count
                    ? Counted.noun(cluster.count - tests.count, "more test") + " in the failed list" : nil,
                failedHref: failedHref)
        }
    }
}
