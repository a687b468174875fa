import Foundation
import ResultModel

/// A source whose tests are judged against a baseline store on the way out (``BaselineApplication``), for the
/// commands that read bundles (`report`, `summary`, `junit`): the bundle is not changed. Tests without
/// measurements pass through untouched, and a bundle's plain passed tests stay text.
public final class BaselineSource: ResultSource {
    private let base: any ResultSource
    private let applications: [Int: BaselineApplication]

    /// `base` judged against `catalog`, each run by its own machine (with `label`).
    public init(
        _ base: any ResultSource, catalog: BaselineCatalog, label: String?, advisory: Bool,
        failsOnSignificant: Bool = false
    ) {
        self.base = base
        var applications: [Int: BaselineApplication] = [:]
        for run in base.runs {
            let machine = MachineConfiguration(host: run.record.host, label: label)
            applications[run.index] = BaselineApplication(
                machine: machine, baselines: catalog.baselines(for: machine), advisory: advisory,
                failsOnSignificant: failsOnSignificant)
        }
        self.applications = applications
    }

    /// The application for each run.
    public func application(forRun index: Int) -> BaselineApplication? { applications[index] }

    private func judged(_ test: TestRecord) -> TestRecord {
        applications[test.runIndex]?.apply(to: test) ?? test
    }

    public var runs: [RunResult] { base.runs }
    public func forEachSuite(_ body: (SuiteRecord) throws -> Void) throws { try base.forEachSuite(body) }
    public func forEachTest(_ body: (TestRecord) throws -> Void) throws {
        try base.forEachTest { try body(judged($0)) }
    }
    public func forEachTestChunk<Output: Sendable>(
        _ transform: @escaping @Sendable (consuming [TestRecord]) throws -> Output, _ body: (Output) throws -> Void
    ) throws {
        let applications = self.applications
        try base.forEachTestChunk(
            { tests in try transform(tests.map { applications[$0.runIndex]?.apply(to: $0) ?? $0 }) }, body)
    }
    public func forEachTestBatch<Output: Sendable>(
        _ transform: @escaping @Sendable (any TestBatch) throws -> Output, _ body: (Output) throws -> Void
    ) throws {
        let applications = self.applications
        try base.forEachTestBatch(
            { batch in try transform(JudgedBatch(base: batch, applications: applications)) }, body)
    }
    public func blobData(_ reference: BlobReference) throws -> Data { try base.blobData(reference) }
    public func blobExcerpt(_ reference: BlobReference, headBytes: Int, tailBytes: Int) throws -> BlobExcerpt {
        try base.blobExcerpt(reference, headBytes: headBytes, tailBytes: tailBytes)
    }
    public func copyBlob(_ reference: BlobReference, to destination: URL) throws {
        try base.copyBlob(reference, to: destination)
    }
}

/// A batch whose records are judged; passed tests given as text have no measurements and pass through.
private struct JudgedBatch: TestBatch {
    let base: any TestBatch
    let applications: [Int: BaselineApplication]

    var byteCountHint: Int { base.byteCountHint }

    func forEachTest(
        _ record: (consuming TestRecord) throws -> Void, passedInSameSuite: (PassedTestInSuite) throws -> Void
    ) throws {
        try base.forEachTest(
            { test in
                let test = test
                try record(applications[test.runIndex]?.apply(to: test) ?? test)
            }, passedInSameSuite: passedInSameSuite)
    }
}
