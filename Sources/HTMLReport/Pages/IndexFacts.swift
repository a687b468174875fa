import ResultModel

/// What the index page shows about the tests, gathered one test at a time: the first failures, the slowest tests,
/// measurements, the module › suite tree and the durations' histogram. It keeps only what the page shows, so it
/// stays small whatever the run's size.
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
    /// Modules, suites and (in small reports) tests, with counts and durations (``SuiteTree``).
    private(set) var tree: SuiteTree
    /// Every test's duration in log-scale buckets.
    private(set) var durations = DurationHistogram()

    /// How the facts' tests link.
    let links: LinkStyle

    init(failuresOnIndex: Int, links: LinkStyle = .files) {
        self.failuresOnIndex = failuresOnIndex
        self.links = links
        tree = SuiteTree(links: links)
    }

    /// Counts `test` and keeps it when the index lists it.
    mutating func add(_ test: TestSummary) {
        if test.status.isFailure {
            failedCount += 1
            let failure = FailureModel(
                name: test.name, href: test.href(links), status: test.status.rawValue,
                statusText: ReportFormatting.statusWords(test.status),
                message: ReportFormatting.firstLines(test.failureMessage ?? "failed"),
                location: test.failureLocation, label: test.historyLabel, place: test.groupKey,
                causeID: test.causeID)
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
        tree.add(test)
        durations.add(duration: test.duration, isFailure: test.status.isFailure)
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
}
