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

    private enum Item {
        case test(TestRecord)
        case suite(SuiteRecord)
    }

    private let base: any ResultSink
    private let queue = DispatchQueue(label: "resultbundle.background-sink")
    private let slots = DispatchSemaphore(value: chunksInFlight)
    private let lock = NSLock()
    private var chunk: [Item] = []
    private var failure: (any Error)?

    /// Creates a sink that forwards to `base` on a background thread.
    public init(wrapping base: any ResultSink) {
        self.base = base
        chunk.reserveCapacity(Self.chunkSize)
    }

    public func addTest(_ test: consuming TestRecord) throws {
        chunk.append(.test(consume test))
        if chunk.count >= Self.chunkSize { try submitChunk() }
    }

    public func addSuite(_ suite: SuiteRecord) throws {
        chunk.append(.suite(suite))
        if chunk.count >= Self.chunkSize { try submitChunk() }
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
        // The background thread reverses the chunk and moves records out with `popLast` instead of copying each
        // one (and its names and arrays) out of the array.
        let handed = HandedChunk(chunk)
        chunk = []
        chunk.reserveCapacity(Self.chunkSize)
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            guard lock.withLock({ failure == nil }) else { return }
            handed.items.reverse()
            do {
                while let item = handed.items.popLast() {
                    switch consume item {
                    case .test(let test): try base.addTest(test)
                    case .suite(let suite): try base.addSuite(suite)
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

/// A chunk on its way to the background thread, in a box so that the thread can take its records out in place
/// (a captured array would be copied, records and all, on its first change).
///
/// Why `@unchecked Sendable` is sound: the producer stops touching the box before handing it to the queue.
private final class HandedChunk<Item>: @unchecked Sendable {
    var items: [Item]

    init(_ items: [Item]) { self.items = items }
}
