import ResultModel

/// Builds the index page's view model: verdict, counts, failures first, slowest tests, performance and suites.
enum IndexPageBuilder {
    static func model(
        summaries: [TestSummary], totals: ResultTotals, runs: [RunModel], performance: [PerformanceModel],
        searchChunks: Int, failuresOnIndex: Int, chrome: PageChrome
    ) -> IndexPageModel {
        let failed = summaries.filter { $0.status.isFailure }
        let failures = failed.prefix(failuresOnIndex).map { test in
            FailureModel(
                name: test.name, href: test.hasPage ? test.href : "all-\(test.listPage).html#\(test.anchor)",
                status: test.status.rawValue, message: ReportFormatting.firstLines(test.failureMessage ?? "failed"),
                location: test.failureLocation)
        }
        let slowest = summaries.indices.filter { summaries[$0].duration != nil }
            .sorted { (summaries[$0].duration ?? 0) > (summaries[$1].duration ?? 0) }
            .prefix(10)
            .map { index -> RowModel in
                let test = summaries[index]
                return RowModel(
                    name: test.name, href: test.hasPage ? test.href : "all-\(test.listPage).html#\(test.anchor)",
                    status: test.status.rawValue, duration: ReportFormatting.duration(test.duration))
            }
        var suites: [SuiteModel] = []
        var suiteIndex: [String: Int] = [:]
        for test in summaries {
            if let index = suiteIndex[test.groupKey] {
                suites[index].total += 1
                if test.status.isFailure { suites[index].failed += 1 }
                if test.status == .skipped { suites[index].skipped += 1 }
                continue
            }
            let parts = test.groupKey.components(separatedBy: " › ")
            suiteIndex[test.groupKey] = suites.count
            suites.append(
                SuiteModel(
                    module: parts.dropLast().joined(separator: " › "), name: parts.last ?? test.groupKey,
                    href: "all-\(test.listPage).html#\(test.anchor)", total: 1, failed: test.status.isFailure ? 1 : 0,
                    skipped: test.status == .skipped ? 1 : 0))
        }
        let suiteLimit = 500
        let verdictFailed = totals.failed > 0
        let counts = [
            CountModel(label: "tests", value: totals.tests, status: "all", href: "all-1.html"),
            CountModel(label: "passed", value: totals.passed, status: "passed", href: "all-1.html"),
            CountModel(label: "failed", value: totals.failed, status: "failed", href: "failed.html"),
            CountModel(label: "skipped", value: totals.skipped, status: "skipped", href: "skipped.html"),
            CountModel(
                label: "expected failures", value: totals.expectedFailures, status: "expectedFailure",
                href: "all-1.html"),
        ]
        var line =
            "\(totals.tests) tests in \(runs.count) run(s), \(ReportFormatting.duration(totals.duration)) of test time"
        if totals.testCases > 0 { line += "; \(totals.testCases) parameterized cases" }
        if totals.flaky > 0 { line += "; \(totals.flaky) flaky" }
        return IndexPageModel(
            chrome: chrome,
            verdict: verdictFailed
                ? "Failed: \(totals.failed) of \(totals.tests) tests failed"
                : (totals.tests == 0 ? "No tests" : "Passed"),
            verdictClass: verdictFailed ? "failed" : "passed",
            summaryLine: line,
            counts: counts,
            testCount: summaries.count,
            searchChunkCount: searchChunks,
            runs: runs,
            failures: Array(failures),
            hasFailures: !failures.isEmpty,
            moreFailures: failed.count > failuresOnIndex ? failed.count - failuresOnIndex : nil,
            moreFailuresHref: "failed.html",
            slowest: Array(slowest),
            performance: Array(performance.prefix(200)),
            hasPerformance: !performance.isEmpty,
            suites: Array(suites.prefix(suiteLimit)),
            moreSuites: suites.count > suiteLimit ? suites.count - suiteLimit : nil
        )
    }
}
