import Dispatch
import Foundation
import ResultModel

/// Passes tests and suites to another sink on a background thread, so a producer (an importer's parser) and
/// the sink's own work (encoding records, hashing, handing batches to compression) run on different cores.
///
/// Tests and suites are queued in chunks, in order; every other call (runs, blobs) first waits for the queue to
/// drain, so the base sink sees exactly the calls it would have seen, in the same order. An error the base sink
/// throws on the background thread is thrown by the next call that waits, or by ``drain()``; later records are
/// dropped. Unlike a ``BundleWriter`` with ``BundleWriter/FlushPolicy/everyTest``, this sink is not durable: a
/// test is on disk only after ``drain()``. Meant for importing files, not for live recording.
///
/// Why `@unchecked Sendable` is sound: `base` is used only on `queue` (after every earlier chunk, since the queue
/// is serial); `chunk` only on the producer's thread; `failure` only while `lock` is held.
public final class BackgroundSink: ResultSink, @unchecked Sendable {
    /// Records handed over at a time.
    static let chunkSize = 512
    /// Chunks that may wait for the background thread before the producer waits too (bounds memory).
    static let chunksInFlight = 8
    /// The bytes a chunk's records hold before it is handed over, full or not. A count alone bounds nothing when
    /// tests carry megabytes of output each; with this, the records not yet taken by the background thread are
    /// at most ``chunksInFlight`` chunks, one waiting for a slot and the one being filled, each of at most this
    /// size and one record more.
    static let chunkBytes = 2 << 20

    /// Records are boxed, so the item a passed test needs is a few words, not the size of a record's fields.
    private enum Item {
        indirect case test(TestRecord)
        indirect case suite(SuiteRecord)
        /// A passed test whose bytes are in the chunk's text.
        case passed(StoredPassedTest)
    }

    private let base: any ResultSink
    private let queue = DispatchQueue(label: "resultbundle.background-sink")
    private let slots = DispatchSemaphore(value: chunksInFlight)
    private let lock = NSLock()
    private var chunk = HandedChunk<Item>(capacity: chunkSize)
    private var failure: (any Error)?

    /// Creates a sink that forwards to `base` on a background thread.
    public init(wrapping base: any ResultSink) {
        self.base = base
    }

    public func addTest(_ test: consuming TestRecord) throws {
        let bytes = HeldBytes.of(test)
        chunk.append(.test(consume test), bytes: bytes)
        if chunk.isFull || chunk.bytes >= Self.chunkBytes { try submitChunk() }
    }

    public func addPassedTest(_ test: PassedTestText) throws {
        chunk.append(.passed(chunk.store(test)), bytes: HeldBytes.perRecord)
        if chunk.isFull || chunk.bytes >= Self.chunkBytes { try submitChunk() }
    }

    public func addSuite(_ suite: SuiteRecord) throws {
        chunk.append(.suite(suite), bytes: HeldBytes.of(suite))
        if chunk.isFull || chunk.bytes >= Self.chunkBytes { try submitChunk() }
    }

    public func beginRun(_ run: RunRecord) throws -> Int {
        try drain()
        return try queue.sync { try base.beginRun(run) }
    }

    public func storeBlob(_ data: Data) throws -> BlobReference {
        try drain()
        return try queue.sync { try base.storeBlob(data) }
    }

    public func storeBlob(contentsOf file: URL) throws -> BlobReference {
        try drain()
        return try queue.sync { try base.storeBlob(contentsOf: file) }
    }

    public func endRun(_ runIndex: Int, _ end: RunEnd) throws {
        try drain()
        try queue.sync { try base.endRun(runIndex, end) }
    }

    /// Waits until the base sink has taken every record queued so far.
    /// - Throws: the first error the base sink threw in the background.
    public func drain() throws {
        if !chunk.isEmpty { try submitChunk() }
        queue.sync {}
        try throwFailure()
    }

    private func submitChunk() throws {
        try throwFailure()
        let handed = chunk
        chunk = HandedChunk(capacity: Self.chunkSize)
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            guard lock.withLock({ failure == nil }) else { return }
            do {
                while let item = handed.takeNext() {
                    switch consume item {
                    case .test(let test): try base.addTest(test)
                    case .suite(let suite): try base.addSuite(suite)
                    case .passed(let stored): try handed.withText(of: stored) { try base.addPassedTest($0) }
                    }
                }
            } catch {
                lock.withLock { failure = error }
            }
        }
    }

    private func throwFailure() throws {
        if let failure = lock.withLock({ failure }) { throw failure }
    }
}

/// A chunk of records that the producer fills and the background thread empties, moving each record in and out
/// of memory of its own: an array's `reverse` and `popLast` copied every record (a retain per field, then a
/// release), which was a tenth of the background thread's work.
///
/// Why `@unchecked Sendable` is sound: the producer stops touching the chunk before handing it to the queue, and
/// only the queue's thread takes records out.
private final class HandedChunk<Item>: @unchecked Sendable {
    private let items: UnsafeMutablePointer<Item>
    private let capacity: Int
    // A chunk is used by one thread at a time (see above), so its fields skip the runtime's
    // exclusivity checks (a few percent of a JUnit import's reading thread).
    @exclusivity(unchecked) private(set) var count = 0
    /// How many records were taken out, from the start.
    @exclusivity(unchecked) private var taken = 0
    /// Roughly the bytes the records appended hold (``HeldBytes``).
    @exclusivity(unchecked) private(set) var bytes = 0

    init(capacity: Int) {
        items = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        (items + taken).deinitialize(count: count - taken)
        items.deallocate()
    }

    var isEmpty: Bool { count == 0 }
    var isFull: Bool { count == capacity }

    /// Appends a record that holds about `bytes` bytes.
    func append(_ item: consuming Item, bytes: Int) {
        precondition(count < capacity, "a full chunk is handed over before more records arrive")
        (items + count).initialize(to: item)
        count += 1
        self.bytes += bytes
    }

    /// Moves the next record out, in the order appended; `nil` once all were taken.
    func takeNext() -> Item? {
        guard taken < count else { return nil }
        taken += 1
        return (items + taken - 1).move()
    }

    /// The bytes of the chunk's passed tests, one after another.
    private lazy var text = ByteBuffer(capacity: capacity * 64)

    /// Copies a passed test's bytes into the chunk's text (and counts them in ``bytes``).
    func store(_ test: PassedTestText) -> StoredPassedTest {
        let text = text
        let textStart = text.count
        func copy(_ bytes: UnsafeBufferPointer<UInt8>?) -> Int {
            guard let bytes else { return -1 }
            text.append(bytes)
            return bytes.count
        }
        let moduleLength = copy(test.module)
        let outerStart = outerSuiteLengths.count
        for outer in test.outerSuites { outerSuiteLengths.append(copy(outer)) }
        let suiteLength = copy(test.suite)
        let nameLength = copy(test.name)
        bytes += text.count - textStart
        return StoredPassedTest(
            runIndex: test.runIndex, textStart: textStart, moduleLength: moduleLength,
            outerSuites: outerStart..<outerSuiteLengths.count, suiteLength: suiteLength, nameLength: nameLength,
            start: test.start, duration: test.duration)
    }

    /// The lengths of the passed tests' outer suites, in the order their bytes are in the text.
    private var outerSuiteLengths: [Int] = []

    /// Calls `body` with the test `stored` describes, its bytes pointing into the chunk's text.
    func withText<Result>(of stored: StoredPassedTest, _ body: (PassedTestText) throws -> Result) rethrows -> Result {
        try text.withUnsafeBytes { raw in
            let text = raw.bindMemory(to: UInt8.self)
            var position = stored.textStart
            func next(_ length: Int) -> UnsafeBufferPointer<UInt8>? {
                guard length >= 0 else { return nil }
                defer { position += length }
                return UnsafeBufferPointer(rebasing: text[position..<position + length])
            }
            let module = next(stored.moduleLength)
            return try withUnsafeTemporaryAllocation(
                of: UnsafeBufferPointer<UInt8>.self, capacity: stored.outerSuites.count
            ) { outerSuites in
                for (slot, index) in stored.outerSuites.enumerated() {
                    outerSuites.initializeElement(at: slot, to: next(outerSuiteLengths[index])!)
                }
                let suite = next(stored.suiteLength)
                let name = next(stored.nameLength)!
                return try body(
                    PassedTestText(
                        runIndex: stored.runIndex, module: module, outerSuites: UnsafeBufferPointer(outerSuites),
                        suite: suite, name: name, start: stored.start, duration: stored.duration))
            }
        }
    }
}

/// Roughly the bytes a record holds: a few hundred for its fields, plus the texts that grow with a test's output
/// (captured output kept inline, issue messages and details). Native strings know their length, so this costs a
/// few loads per attempt.
private enum HeldBytes {
    static let perRecord = 256

    static func of(_ test: borrowing TestRecord) -> Int {
        test.attempts.reduce(perRecord) { sum, attempt in
            sum + (attempt.output?.text?.utf8.count ?? 0) + of(attempt.issues)
        }
    }

    static func of(_ suite: SuiteRecord) -> Int {
        perRecord + (suite.output?.text?.utf8.count ?? 0) + of(suite.issues)
    }

    private static func of(_ issues: [IssueRecord]) -> Int {
        issues.reduce(0) { $0 + $1.message.utf8.count + ($1.details?.utf8.count ?? 0) }
    }
}

/// Where a passed test's bytes are in its chunk's text: they start at `textStart`, module first, then the outer
/// suites (their lengths at `outerSuites` in the chunk's list), the suite and the name; a length of -1 means the
/// part is absent.
private struct StoredPassedTest {
    var runIndex: Int
    var textStart: Int
    var moduleLength: Int
    var outerSuites: Range<Int>
    var suiteLength: Int
    var nameLength: Int
    var start: Double?
    var duration: Double?
}
