import Foundation
import ResultModel

/// Passes everything to another sink and keeps totals of the tests that went through.
final class CountingSink: ResultSink {
    private let base: any ResultSink
    /// Totals of the tests added so far. A sink is used from one thread at a time, so the totals skip the runtime's
    /// exclusivity checks (they were as costly as counting).
    @exclusivity(unchecked) private(set) var totals = ResultTotals()

    init(wrapping base: any ResultSink) { self.base = base }

    func beginRun(_ run: RunRecord) throws -> Int { try base.beginRun(run) }
    func addSuite(_ suite: SuiteRecord) throws { try base.addSuite(suite) }
    func addTest(_ test: consuming TestRecord) throws {
        totals.add(test)
        try base.addTest(test)
    }
    func addPassedTest(_ test: PassedTestText) throws {
        totals.addPassed(duration: test.duration)
        try base.addPassedTest(test)
    }
    func storeBlob(_ data: Data) throws -> BlobReference { try base.storeBlob(data) }
    func storeBlob(contentsOf file: URL) throws -> BlobReference { try base.storeBlob(contentsOf: file) }
    func endRun(_ runIndex: Int, _ end: RunEnd) throws { try base.endRun(runIndex, end) }
}
