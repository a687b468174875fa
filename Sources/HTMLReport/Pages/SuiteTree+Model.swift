import ResultSupport

/// The index's view of a ``SuiteTree``: display strings, open flags, and at most a given number of suites.
extension SuiteTree {
    /// The modules to show, holding at most `suiteLimit` suites in all (the rest are counted by
    /// ``hiddenSuites(suiteLimit:)`` and reached through the all-tests list); nodes with failures are open.
    func model(suiteLimit: Int) -> [TreeModuleModel] {
        var remaining = suiteLimit
        var shown: [TreeModuleModel] = []
        for module in modules where remaining > 0 {
            let suites = module.suites.prefix(remaining).map { suite in
                TreeSuiteModel(
                    name: suite.name, href: suite.href, totalText: Counted.noun(suite.tally.total, "test"),
                    failed: suite.tally.failed, skipped: suite.tally.skipped, hasFailed: suite.tally.failed > 0,
                    hasSkipped: suite.tally.skipped > 0, duration: ReportFormatting.duration(suite.tally.duration),
                    isOpen: suite.tally.failed > 0,
                    tests: suite.tests.map {
                        TreeLeafModel(
                            name: $0.name, href: $0.href, status: $0.status,
                            duration: ReportFormatting.duration($0.duration))
                    },
                    hasTests: !suite.tests.isEmpty)
            }
            remaining -= suites.count
            shown.append(
                TreeModuleModel(
                    name: module.name, totalText: Counted.noun(module.tally.total, "test"),
                    failed: module.tally.failed, skipped: module.tally.skipped, hasFailed: module.tally.failed > 0,
                    hasSkipped: module.tally.skipped > 0, duration: ReportFormatting.duration(module.tally.duration),
                    isOpen: module.tally.failed > 0, suites: suites))
        }
        return shown
    }

    /// How many suites ``model(suiteLimit:)`` leaves out.
    func hiddenSuites(suiteLimit: Int) -> Int { max(0, suiteCount - suiteLimit) }
}
