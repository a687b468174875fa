import Foundation
import ResultModel

/// A sink that judges each test's measurements against the baselines of its run's machine before passing it on
/// (``BaselineApplication``), for the commands that write bundles (`record`, `import`): a regression is stored as
/// the test's failure, with an issue of kind `performanceRegression`. Plain passed tests have no measurements and
/// pass through as they are.
public final class BaselineSink: ResultSink {
    private let base: any ResultSink
    private let catalog: BaselineCatalog
    private let label: String?
    private let advisory: Bool
    private let failsOnSignificant: Bool
    private var applications: [Int: BaselineApplication] = [:]
    /// Measurements judged against a stored baseline that failed, so far.
    public private(set) var failures = 0
    /// Measurements judged against a stored baseline, so far.
    public private(set) var judged = 0

    /// A sink judging against `catalog` (machines labelled `label`) and passing everything on to `base`.
    public init(
        wrapping base: any ResultSink, catalog: BaselineCatalog, label: String?, advisory: Bool,
        failsOnSignificant: Bool = false
    ) {
        self.failsOnSignificant = failsOnSignificant
        self.base = base
        self.catalog = catalog
        self.label = label
        self.advisory = advisory
    }

    /// Whether regressions only warn.
    public var isAdvisory: Bool { advisory }

    /// The keys of the machines that have baselines.
    public var catalogKeys: [String] { catalog.machines.map(\.machine.key) }

    /// The machine of each run begun, and whether it has baselines.
    public var machines: [(machine: MachineConfiguration, hasBaselines: Bool)] {
        applications.keys.sorted().compactMap { index in
            applications[index].map { ($0.machine, $0.baselines != nil) }
        }
    }

    public func beginRun(_ run: RunRecord) throws -> Int {
        let index = try base.beginRun(run)
        let machine = MachineConfiguration(host: run.host, label: label)
        applications[index] = BaselineApplication(
            machine: machine, baselines: catalog.baselines(for: machine), advisory: advisory,
            failsOnSignificant: failsOnSignificant)
        return index
    }

    public func addSuite(_ suite: SuiteRecord) throws { try base.addSuite(suite) }

    public func addTest(_ test: consuming TestRecord) throws {
        let test = test
        guard let application = applications[test.runIndex] else { return try base.addTest(test) }
        let judgedTest = application.apply(to: test) { judgement in
            judged += 1
            if judgement.verdict.isFailure { failures += 1 }
        }
        try base.addTest(judgedTest)
    }

    public func addPassedTest(_ test: PassedTestText) throws { try base.addPassedTest(test) }
    public func storeBlob(_ data: Data) throws -> BlobReference { try base.storeBlob(data) }
    public func storeBlob(contentsOf file: URL) throws -> BlobReference { try base.storeBlob(contentsOf: file) }
    public func endRun(_ runIndex: Int, _ end: RunEnd) throws { try base.endRun(runIndex, end) }
}
