import ResultModel

/// What the index page shows about the tests, gathered one test at a time: the first failures, the slowest tests,
/// measurements, and the modules and suites with their counts. It keeps only what the page shows, so it stays
/// small whatever the run's size.
struct IndexFacts {
    /// Failures listed on the index; the rest are on `failed.html`.
    let failuresOnIndex: Int
    /// Slowest tests listed.
    let slowestCount = 10
    /// Measurements listed.
    let performanceLimit = 200
    /// Failures listed, new ones (by the history's label) first, each group in the order read.
    private(set) var failures: [FailureModel] = []
    private(set) var failedCount = 0
    /// How many of ``failures`` (at its start) are new failures.
    private var newFailuresListed = 0
    /// The slowest tests so far, slowest first; of equally slow tests, the first read comes first.
    private(set) var slowest: [TestSummary] = []
    private(set) var performance: [PerformanceModel] = []
    /// How many of ``performance`` (at its start) are failures.
    private var failingPerformance = 0
    private(set) var measurementCount = 0
    /// Every group (`run › module › suite`) in the order first seen, with its counts.
    private(set) var suites: [SuiteModel] = []
    private var suiteIndex: [String: Int] = [:]
    private var lastSuite: (key: String, index: Int)?

    init(failuresOnIndex: Int) { self.failuresOnIndex = failuresOnIndex }

    /// Counts `test` and keeps it when the index lists it.
    mutating func add(_ test: TestSummary) {
        if test.status.isFailure {
            failedCount += 1
            let failure = FailureModel(
                name: test.name, href: test.href, status: test.status.rawValue,
                message: ReportFormatting.firstLines(test.failureMessage ?? "failed"),
                location: test.failureLocation, label: test.historyLabel)
            if ReportHistory.isNewFailure(label: test.historyLabel) {
                // With a history, new failures come first, so the index reaches every one before older ones.
                if newFailuresListed < failuresOnIndex {
                    failures.insert(failure, at: newFailuresListed)
                    newFailuresListed += 1
                    if failures.count > failuresOnIndex { failures.removeLast() }
                }
            } else if failures.count < failuresOnIndex {
                failures.append(failure)
            }
        }
        if let duration = test.duration {
            let position = slowest.firstIndex { duration > ($0.duration ?? 0) } ?? slowest.count
            if position < slowestCount {
                slowest.insert(test, at: position)
                if slowest.count > slowestCount { slowest.removeLast() }
            }
        }
        countInSuite(test)
    }

    /// Keeps a measurement of a test for the performance table: failures (regressions, too much variation) before
    /// the others, each group in the order seen, up to ``performanceLimit`` in all.
    mutating func addMeasurement(_ measurement: PerformanceModel) {
        measurementCount += 1
        if measurement.isFailure {
            guard failingPerformance < performanceLimit else { return }
            performance.insert(measurement, at: failingPerformance)
            failingPerformance += 1
            if performance.count > performanceLimit { performance.removeLast() }
        } else if performance.count < performanceLimit {
            performance.append(measurement)
        }
    }

    private mutating func countInSuite(_ test: TestSummary) {
        let index: Int
        if let lastSuite, lastSuite.key == test.groupKey {
            index = lastSuite.index
        } else if let known = suiteIndex[test.groupKey] {
            index = known
        } else {
            let parts = test.groupKey.components(separatedBy: " › ")
            index = suites.count
            suiteIndex[test.groupKey] = index
            var href = OutputBuffer()
            href.append("all-")
            href.appendDecimal(test.listPage)
            href.append(".html#")
            href.appendAnchor(test.anchorHash)
            suites.append(
                SuiteModel(
                    module: parts.dropLast().joined(separator: " › "), name: parts.last ?? test.groupKey,
                    href: href.string, total: 0, failed: 0, skipped: 0))
        }
        lastSuite = (test.groupKey, index)
        suites[index].total += 1
        if test.status.isFailure { suites[index].failed += 1 }
        if test.status == .skipped { suites[index].skipped += 1 }
    }
}
