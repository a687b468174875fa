/// A passed test handed over as its name's text by ``TestBatch/forEachTest(_:passedInSameSuite:)``: it passed on
/// its only attempt with nothing recorded but a start and a duration, and it has the same run, module and suites
/// as the test before it in the batch. The read-side twin of ``PassedTestText``.
public struct PassedTestInSuite {
    /// The name's bytes: printable ASCII (0x20 to 0x7E), so they are the name itself and need no cleaning, and
    /// never longer than a record's strings may be. Borrowed: valid only during the call that receives them.
    public var name: UnsafeBufferPointer<UInt8>
    /// When the attempt started, when known.
    public var start: Double?
    /// How long it took.
    public var duration: Double

    /// Creates the text of a passed test.
    public init(name: UnsafeBufferPointer<UInt8>, start: Double?, duration: Double) {
        self.name = name
        self.start = start
        self.duration = duration
    }
}

/// Consecutive tests of a source as the source holds them (see ``ResultSource/forEachTestBatch(_:_:)``), decoded
/// into records only where the reader needs one. A source whose storage keeps the most common shape of test as
/// text hands such a test over as text, and its reader (the JUnit export) writes it without building a
/// ``TestRecord``; any other source hands over records. The read-side twin of ``ResultSink/addPassedTest(_:)``.
public protocol TestBatch {
    /// About how many bytes the tests take where the source keeps them, to size buffers; 0 when unknown.
    var byteCountHint: Int { get }

    /// Calls `passedInSameSuite` with each test of the shape ``PassedTestInSuite`` describes that the source can
    /// give as text, and `record` with every other test, in order. The first test of a batch is always a record.
    func forEachTest(
        _ record: (consuming TestRecord) throws -> Void, passedInSameSuite: (PassedTestInSuite) throws -> Void
    ) throws
}

/// A batch of records: what a source without a text form hands over. Its tests are handed over once: each is
/// moved out of the batch, not copied.
public final class TestRecordBatch: TestBatch {
    private var records: [TestRecord]

    /// A batch of `records`, in order.
    public init(_ records: consuming [TestRecord]) { self.records = records }

    public var byteCountHint: Int { 0 }

    public func forEachTest(
        _ record: (consuming TestRecord) throws -> Void, passedInSameSuite: (PassedTestInSuite) throws -> Void
    ) throws {
        var remaining = records
        records = []
        remaining.reverse()
        while let test = remaining.popLast() { try record(test) }
    }
}

extension ResultSource {
    /// Hands over the tests as records, in chunks (``forEachTestChunk(_:_:)``): for sources that keep no text form.
    public func forEachTestBatch<Output: Sendable>(
        _ transform: @escaping @Sendable (any TestBatch) throws -> Output, _ body: (Output) throws -> Void
    ) throws {
        try forEachTestChunk({ try transform(TestRecordBatch($0)) }, body)
    }
}
