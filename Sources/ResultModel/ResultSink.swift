import Foundation

/// A destination that takes results one piece at a time, as they are produced: the bundle writer, or an
/// in-memory collector in tests. Importers and the recorder write to a sink and never know which.
///
/// Order of calls: ``beginRun(_:)``, then any number of suites, tests and blobs, then ``endRun(_:_:)``.
/// Blobs referenced by a record must be stored before the record is added. A sink is used from one task at a time.
public protocol ResultSink: AnyObject {
    /// Starts a run and returns its index, which tests and suites of the run carry as `runIndex`.
    func beginRun(_ run: RunRecord) throws -> Int
    /// Adds a suite's own record.
    func addSuite(_ suite: SuiteRecord) throws
    /// Adds a finished test. A durable sink has it on disk when this returns (see `docs/FORMAT.md`).
    func addTest(_ test: consuming TestRecord) throws
    /// Adds a test that passed with nothing recorded but its start and duration, from its bytes; the same as adding
    /// ``PassedTestText/record`` (which is what the default implementation does), only cheaper where a sink can
    /// store the bytes directly.
    func addPassedTest(_ test: PassedTestText) throws
    /// Stores content once per distinct value and returns its reference.
    func storeBlob(_ data: Data) throws -> BlobReference
    /// Stores a file's content once per distinct value and returns its reference, reading the file in chunks.
    func storeBlob(contentsOf file: URL) throws -> BlobReference
    /// Ends a run.
    func endRun(_ runIndex: Int, _ end: RunEnd) throws
}

extension ResultSink {
    public func addPassedTest(_ test: PassedTestText) throws {
        try addTest(test.record)
    }
}

/// A run as read back: its start record and, unless it was interrupted, its end.
public struct RunResult: Sendable, Codable, Hashable {
    /// The run's index in the bundle.
    public var index: Int
    /// The record written when the run started.
    public var record: RunRecord
    /// The record written when the run ended; `nil` when the writer stopped first.
    public var end: RunEnd?

    /// Creates a run result.
    public init(index: Int, record: RunRecord, end: RunEnd? = nil) {
        self.index = index
        self.record = record
        self.end = end
    }
}

/// Results that can be read back one piece at a time: an open bundle, or an in-memory collection.
/// Reports and exports read from a source and never load every test at once.
public protocol ResultSource {
    /// The runs, in order.
    var runs: [RunResult] { get }
    /// Calls `body` with each suite record, in the order written.
    func forEachSuite(_ body: (SuiteRecord) throws -> Void) throws
    /// Calls `body` with each test, in the order written, holding one test in memory at a time.
    /// - Complexity: O(size of the bundle) in time, O(largest test) in memory.
    func forEachTest(_ body: (TestRecord) throws -> Void) throws
    /// Calls `transform` with the tests in order, a chunk of consecutive tests at a time, and `body` with each
    /// chunk's result, in order, on the calling thread. A source may run `transform` on other threads, for several
    /// chunks at once, while `body` handles earlier results; so `transform` must share no state with `body` or
    /// with its other calls. An error thrown by `transform` is thrown here; no later result reaches `body`.
    /// - Complexity: O(size of the bundle) in time, O(a few chunks) in memory.
    func forEachTestChunk<Output: Sendable>(
        _ transform: @escaping @Sendable (consuming [TestRecord]) throws -> Output, _ body: (Output) throws -> Void
    ) throws
    /// Calls `transform` with the tests in order, a batch of consecutive tests at a time, as the source holds them
    /// (``TestBatch``: a plain passed test may come as its text), and `body` with each result in order, on the
    /// calling thread; threads and errors as in ``forEachTestChunk(_:_:)``. By default the batches hold records.
    func forEachTestBatch<Output: Sendable>(
        _ transform: @escaping @Sendable (any TestBatch) throws -> Output, _ body: (Output) throws -> Void
    ) throws
    /// The content of a blob, checked against its hash.
    func blobData(_ reference: BlobReference) throws -> Data
    /// The first `headBytes` and last `tailBytes` of a blob, however large it is (a reader streams it), so that
    /// output too large to hold can still be shown in part.
    func blobExcerpt(_ reference: BlobReference, headBytes: Int, tailBytes: Int) throws -> BlobExcerpt
    /// Writes a blob's content to a new file at `destination`, however large it is (a reader streams it); on
    /// failure nothing is left there.
    func copyBlob(_ reference: BlobReference, to destination: URL) throws
    /// The totals of every test when the source knows them without reading the tests (a bundle's stored index);
    /// `nil` otherwise. Reports use them to show the run's counts on pages written while the tests are read.
    var storedTotals: ResultTotals? { get }
    /// Each run's totals (in the order of ``runs``) when the source knows them without reading the tests; `nil`
    /// otherwise.
    var storedRunTotals: [ResultTotals]? { get }
    /// The indexes of the runs with a test that has a start time on one of its own attempts, when the source knows
    /// them without reading the tests; `nil` otherwise.
    var storedRunsWithTimedTests: Set<Int>? { get }
    /// Each run's failures grouped by cause (in the order of ``runs``) when the source knows them without reading
    /// the tests; `nil` otherwise.
    var storedFailureCauses: [RunFailureCauses]? { get }
    /// Calls `body` with every suite's totals of every run for which `include` (given its counts alone) returns
    /// `true`, each suite once and complete, in no particular order, when the source knows them without reading the
    /// tests (a bundle's suite totals, format 1.9), and returns `true`; returns `false` without calling either
    /// otherwise (the caller counts them from the tests). A suite `include` turns down is not named: a summary
    /// that shows 20 of 100,000 suites builds 20 names.
    func forEachStoredSuiteTotals(
        where include: (ResultTotals) throws -> Bool, _ body: (SuiteTotals) throws -> Void
    ) throws -> Bool
    /// Calls `body` with each test of a kind in `selection` (and possibly others the source keeps with them), in the
    /// order written, reading no other test, and returns `true`; returns `false` without calling `body` when the
    /// source cannot find those tests without reading every test (the caller reads them all then).
    /// - Complexity: O(the selected tests and the batches that hold them), not O(every test).
    func forEachTest(in selection: TestSelection, _ body: (TestRecord) throws -> Void) throws -> Bool
    /// ``forEachTest(in:_:)`` that first calls `wanted` with the kinds of each selected test, in order, and then
    /// reads only the tests it returned `true` for (the caller counts the others from their kinds); `false`, without
    /// calling either, when the source cannot find those tests without reading every test.
    func forEachTest(
        in selection: TestSelection, reading wanted: (TestSelection) -> Bool, _ body: (TestRecord) throws -> Void
    ) throws -> Bool
}

extension ResultSource {
    /// No stored totals: count them with ``totals()``.
    public var storedTotals: ResultTotals? { nil }

    /// No stored run totals.
    public var storedRunTotals: [ResultTotals]? { nil }

    /// Not known without reading the tests.
    public var storedRunsWithTimedTests: Set<Int>? { nil }

    /// Not known without reading the tests.
    public var storedFailureCauses: [RunFailureCauses]? { nil }

    /// Not known without reading the tests.
    public func forEachStoredSuiteTotals(
        where include: (ResultTotals) throws -> Bool, _ body: (SuiteTotals) throws -> Void
    ) throws -> Bool { false }

    /// ``forEachStoredSuiteTotals(where:_:)`` of every suite.
    public func forEachStoredSuiteTotals(_ body: (SuiteTotals) throws -> Void) throws -> Bool {
        try forEachStoredSuiteTotals(where: { _ in true }, body)
    }

    /// Cannot select: the caller reads every test.
    public func forEachTest(in selection: TestSelection, _ body: (TestRecord) throws -> Void) throws -> Bool {
        false
    }

    /// Cannot select: the caller reads every test.
    public func forEachTest(
        in selection: TestSelection, reading wanted: (TestSelection) -> Bool, _ body: (TestRecord) throws -> Void
    ) throws -> Bool {
        false
    }

    /// The excerpt of the blob's data (for sources that hold their blobs in memory).
    public func blobExcerpt(_ reference: BlobReference, headBytes: Int, tailBytes: Int) throws -> BlobExcerpt {
        BlobExcerpt(of: try blobData(reference), headBytes: headBytes, tailBytes: tailBytes)
    }

    /// Writes the blob's data (for sources that hold their blobs in memory).
    public func copyBlob(_ reference: BlobReference, to destination: URL) throws {
        try blobData(reference).write(to: destination)
    }
}

extension ResultSource {
    /// Runs `transform` on the calling thread, for chunks of ``defaultTestChunkSize`` tests.
    public func forEachTestChunk<Output: Sendable>(
        _ transform: @escaping @Sendable (consuming [TestRecord]) throws -> Output, _ body: (Output) throws -> Void
    ) throws {
        var chunk: [TestRecord] = []
        try forEachTest { test in
            chunk.append(test)
            if chunk.count == defaultTestChunkSize {
                let full = chunk
                chunk = []
                try body(try transform(full))
            }
        }
        if !chunk.isEmpty { try body(try transform(chunk)) }
    }

    /// Tests per chunk in the default ``forEachTestChunk(_:_:)``.
    public var defaultTestChunkSize: Int { 512 }

    /// Totals over every test, computed by reading every test record.
    public func totals() throws -> ResultTotals {
        var totals = ResultTotals()
        try forEachTest { totals.add($0) }
        return totals
    }
}
