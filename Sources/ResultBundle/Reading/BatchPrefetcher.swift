import Dispatch
import Foundation

/// Decodes record batches ahead of their consumer on background threads, so reading a bundle from start to end
/// uses every core: while the consumer handles one batch's records, the next batches are read, checked,
/// inflated and decoded (and, for ``BundleReader/forEachTestChunk(_:_:)``, transformed).
///
/// Each of ``workerCount`` workers takes every n-th batch. A worker waits while it is more than one batch per
/// worker ahead of the consumer, so memory stays bounded by a few batches whatever the bundle's size. Batches come
/// out in the order of `offsets`.
///
/// Why `@unchecked Sendable` is sound: each worker uses its own `RecordBatchDecoding`; `ready`, `consumed`,
/// `finishedWorkers` and `cancelled` are read and written only while `condition` is locked.
final class BatchPrefetcher<Output>: @unchecked Sendable {
    /// Background decoders: one per core, at least two (they also overlap reading with decoding) and at most four
    /// (more would hold more batches in memory than they save time).
    static var workerCount: Int { min(4, max(2, ProcessInfo.processInfo.activeProcessorCount)) }

    private let condition = NSCondition()
    private let group = DispatchGroup()
    private let count: Int
    private let workers: Int
    private var ready: [Int: Result<Output, any Error>] = [:]
    private var consumed = 0
    private var finishedWorkers = 0
    private var cancelled = false

    /// What a worker makes of the record batch at an offset.
    typealias Work = @Sendable (RecordBatchDecoding, Int64) throws -> Output

    /// Starts doing `work` on the batches at `offsets`, reading frames through `source`.
    init(offsets: [Int64], source: FrameSource, work: @escaping Work) {
        count = offsets.count
        let workers = min(Self.workerCount, offsets.count)
        self.workers = workers
        for worker in 0..<workers {
            let decoding = RecordBatchDecoding(source: source)
            let mine = Array(stride(from: worker, to: offsets.count, by: workers))
            DispatchQueue.global().async(group: group) { [self] in
                produce(mine.map { ($0, offsets[$0]) }, decoding: decoding, work: work)
            }
        }
    }

    deinit { cancel() }

    private func produce(
        _ batches: [(sequence: Int, offset: Int64)], decoding: RecordBatchDecoding, work: Work
    ) {
        for (sequence, offset) in batches {
            condition.lock()
            while sequence - consumed >= workers + 1 && !cancelled { condition.wait() }
            let stop = cancelled
            condition.unlock()
            if stop { break }
            let batch = Result { try work(decoding, offset) }
            condition.lock()
            ready[sequence] = batch
            condition.broadcast()
            condition.unlock()
            if case .failure = batch { break }
        }
        condition.lock()
        finishedWorkers += 1
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch's output in order, waiting for it; `nil` after the last one.
    /// - Throws: the error a worker met (workers stop there).
    func next() throws -> Output? {
        condition.lock()
        defer { condition.unlock() }
        guard consumed < count else { return nil }
        while ready[consumed] == nil {
            guard finishedWorkers < workers else { return nil }
            condition.wait()
        }
        let batch = ready.removeValue(forKey: consumed)!
        consumed += 1
        condition.broadcast()
        return try batch.get()
    }

    /// Stops the workers after the batches they are decoding and waits for them, so they no longer read the file.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
        group.wait()
    }
}
