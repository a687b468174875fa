import Foundation
import ResultBundle
import ResultModel

/// A bundle whose full read fails: only what an output reads through the bundle's test positions (format 1.7)
/// works, so a test using it shows that the output read no other test.
public struct ShownTestsOnlySource: ResultSource {
    /// The bundle read.
    public let base: BundleReader
    /// How many tests were handed out so far.
    public var testsRead: Int { counter.count }
    private let counter = Counter()

    private final class Counter: @unchecked Sendable {
        var count = 0
    }

    /// Wraps `base`.
    public init(_ base: BundleReader) { self.base = base }

    /// What reading every test throws.
    public struct ReadEveryTest: Error {}

    public var runs: [RunResult] { base.runs }
    public var storedRunTotals: [ResultTotals]? { base.storedRunTotals }
    public var storedRunsWithTimedTests: Set<Int>? { base.storedRunsWithTimedTests }
    public var storedFailureCauses: [RunFailureCauses]? { base.storedFailureCauses }
    public func forEachStoredSuiteTotals(
        where include: (ResultTotals) throws -> Bool, _ body: (SuiteTotals) throws -> Void
    ) throws -> Bool {
        try base.forEachStoredSuiteTotals(where: include, body)
    }
    public func forEachTest(in selection: TestSelection, _ body: (TestRecord) throws -> Void) throws -> Bool {
        try base.forEachTest(in: selection) { test in
            counter.count += 1
            try body(test)
        }
    }
    public func forEachTest(
        in selection: TestSelection, reading wanted: (TestSelection) -> Bool, _ body: (TestRecord) throws -> Void
    ) throws -> Bool {
        try base.forEachTest(in: selection, reading: wanted) { test in
            counter.count += 1
            try body(test)
        }
    }
    public func forEachSuite(_ body: (SuiteRecord) throws -> Void) throws { try base.forEachSuite(body) }
    public func forEachTest(_ body: (TestRecord) throws -> Void) throws { throw ReadEveryTest() }
    public func blobData(_ reference: BlobReference) throws -> Data { try base.blobData(reference) }
}
