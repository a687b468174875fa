import Crypto
import Foundation
import ResultModel
import ResultSupport

/// Writes a `.resultbundle` file as results arrive: the crash-safe file is the output.
///
/// Records are buffered as JSON Lines and written as compressed record-batch frames; blobs are written as soon
/// as they are stored, once per distinct content. With ``FlushPolicy/everyTest`` a test is in the file (in the
/// kernel, which survives the process being killed) when ``addTest(_:)`` returns. ``close()`` writes the index
/// and the trailer; a bundle that was never closed still opens (its index is rebuilt by a scan).
///
/// Writes go straight to the file with `write(2)`; the caller decides the file name (a temporary name and a
/// rename, or the final path). Dropping a writer without calling ``close()`` leaves the file as a killed writer
/// would: what was flushed reads back, and readers rebuild the index by a scan. Not safe to use from several
/// tasks at once.
public final class BundleWriter: ResultSink {
    /// When buffered records are written to the file.
    public enum FlushPolicy: Sendable, Hashable {
        /// After every test, run start and run end: for live recording.
        case everyTest
        /// When the buffer reaches `maxBytes` of uncompressed JSON after a test, and at close: for imports.
        case batched(maxBytes: Int)

        /// Batches of 1 MiB of uncompressed JSON (compresses within a few percent of one stream).
        public static let batched = FlushPolicy.batched(maxBytes: 1 << 20)
    }

    /// Where the bundle is written.
    public let url: URL
    /// The flush policy given at creation.
    public let flushPolicy: FlushPolicy
    /// The limits the writer stays within.
    public let limits: BundleLimits
    /// Whether ``close()`` has been called.
    @exclusivity(unchecked) public private(set) var isClosed = false
    /// Bytes written to the file so far.
    public var bytesWritten: Int64 {
        try? settle()
        return offset
    }

    let file: FileDescriptor
    var offset: Int64 = 0
    /// The index being built; its test table is ``testTable``.
    var index = BundleIndex()
    /// The test entries, spilled to a scratch file beside the bundle past a million (tests may set a smaller
    /// chunk before adding tests).
    var testTable: TestTableSpill
    /// Each run's totals so far (stored in the index at close); `nil` once a test named a run never begun.
    private var runTotals: [ResultTotals]? = []
    /// The places of the tests bounded outputs show, written in frames of their own as they fill (format 1.7).
    var testPositions = TestPositionsCollector()
    /// Each run's failures by cause (format 1.8), stored in the index at close.
    private var failureCauses = FailureCauseTally()
    /// Each run's suite totals, written in frames of their own as the table fills (format 1.9).
    @exclusivity(unchecked) var suiteTotals = SuiteTotalsCollector()
    // A writer is used from one thread at a time, so the records being batched skip the runtime's exclusivity
    // checks (a few percent of an import's encoding thread).
    @exclusivity(unchecked) private var pending = JSONBytes(capacity: 1 << 20)
    @exclusivity(unchecked) private var pendingTests:
        [(hash: UInt32, lineOffset: UInt32, runIndex: Int, kinds: TestSelection)] = []
    @exclusivity(unchecked) private var pendingSuites: UInt32 = 0
    @exclusivity(unchecked) private var pendingLines: UInt32 = 0
    private let compressor: BatchCompressor
    /// Compresses and writes batches in the background (batched policy only).
    private let worker: BatchWorker?
    private var spareBuffer: ByteBuffer?
    /// The error a background write hit; every later call throws it.
    @exclusivity(unchecked) private var writeFailure: BundleError?

    /// Creates (or truncates) the file at `url` and writes the bundle header.
    public init(creating url: URL, flushPolicy: FlushPolicy = .everyTest, limits: BundleLimits = .standard) throws {
        self.url = url
        self.flushPolicy = flushPolicy
        self.limits = limits
        compressor = BatchCompressor()
        testTable = TestTableSpill(directory: url.deletingLastPathComponent())
        file = try FileDescriptor.create(url.path)
        if case .batched = flushPolicy {
            worker = BatchWorker(file: file, compressor: compressor)
        } else {
            worker = nil
        }
        try append(FileHeader.encode(.current))
    }

    /// Starts a run: writes its record and returns its index.
    public func beginRun(_ run: RunRecord) throws -> Int {
        try checkOpen()
        let runIndex = index.runs.count
        index.runs.append(RunResult(index: runIndex, record: run))
        try appendLine(.run(index: runIndex, run))
        if flushPolicy == .everyTest { try flush() }
        return runIndex
    }

    /// Adds a suite record (written with the next batch).
    public func addSuite(_ suite: SuiteRecord) throws {
        try checkOpen()
        try appendLine(.suite(suite))
        pendingSuites += 1
    }

    /// Adds a finished test; with ``FlushPolicy/everyTest`` it is in the file when this returns.
    public func addTest(_ test: consuming TestRecord) throws {
        try checkOpen()
        let runIndex = test.runIndex
        let kinds = TestSelection(of: test)
        if test.attempts.contains(where: { $0.start != nil }) { testPositions.addTimedTest(runIndex: runIndex) }
        count(runIndex) { $0.add(test) }
        if runTotals != nil { suiteTotals.add(test) }
        if !kinds.isEmpty { failureCauses.add(test) }
        let hash = BundleIndex.hash(test.identity)
        let lineOffset = try appendLine { RecordLineCodec.appendTest(test, to: &$0) }
        try didAppendTest(hash: hash, lineOffset: lineOffset, runIndex: runIndex, kinds: kinds)
    }

    /// Adds a passed test from its bytes, writing the line its record would have without building the record.
    public func addPassedTest(_ test: PassedTestText) throws {
        guard PassedTestLine.isVerbatim(test) else { return try addTest(test.record) }
        try checkOpen()
        count(test.runIndex) { $0.addPassed(duration: test.duration) }
        if runTotals != nil { suiteTotals.addPassed(test) }
        if test.start != nil { testPositions.addTimedTest(runIndex: test.runIndex) }
        let lineOffset = try appendLine { PassedTestLine.append(test, to: &$0) }
        try didAppendTest(hash: PassedTestLine.hash(test), lineOffset: lineOffset, runIndex: test.runIndex, kinds: [])
    }

    /// Counts a test in its run's totals; a test of a run that was never begun leaves every run's totals unknown.
    private func count(_ runIndex: Int, _ update: (inout ResultTotals) -> Void) {
        guard runTotals != nil else { return }
        guard runIndex >= 0, runIndex < index.runs.count else {
            runTotals = nil
            return
        }
        while runTotals!.count < index.runs.count { runTotals!.append(ResultTotals()) }
        update(&runTotals![runIndex])
    }

    private func didAppendTest(hash: UInt32, lineOffset: UInt32, runIndex: Int, kinds: TestSelection) throws {
        pendingTests.append((hash, lineOffset, runIndex, kinds))
        switch flushPolicy {
        case .everyTest: try flush()
        case .batched(let maxBytes): if pending.count >= maxBytes { try submitBatch() }
        }
    }

    /// Ends a run: writes its end record.
    public func endRun(_ runIndex: Int, _ end: RunEnd) throws {
        try checkOpen()
        guard index.runs.indices.contains(runIndex) else {
            throw BundleError(.misuse, "endRun(\(runIndex)): no run has that index", path: url.path)
        }
        index.runs[runIndex].end = end
        try appendLine(.runEnd(index: runIndex, end))
        if flushPolicy == .everyTest { try flush() }
    }

    /// Writes buffered records as one record-batch frame; they are in the file when this returns.
    public func flush() throws {
        try submitBatch()
        try settle()
    }

    /// Starts writing buffered records as one record-batch frame and returns without waiting for it (with the
    /// batched policy; the other policy writes it now). They are in the file when the next ``flush()`` or
    /// ``close()`` returns: a live recorder parses more input while a batch is compressed, and flushes before it
    /// waits for input.
    public func startFlush() throws {
        try submitBatch()
    }

    /// Writes buffered records as one record-batch frame, in the background with the batched policy.
    private func submitBatch() throws {
        guard pending.count > 0 else { return }
        try settle()
        let frameOffset = offset
        if let worker {
            let next = spareBuffer ?? ByteBuffer(capacity: pending.buffer.capacity)
            spareBuffer = nil
            worker.submit(pending.buffer)
            pending = JSONBytes(buffer: next)
        } else {
            try pending.buffer.withUnsafeBytes { json in
                try compressor.compress(json) { payload in
                    try writeFrame(.recordBatch, compressed: true, payload: payload, uncompressedLength: json.count)
                }
            }
        }
        let frameIndex = UInt32(index.recordFrames.count)
        index.recordFrames.append(
            BundleIndex.RecordFrame(
                offset: frameOffset, lineCount: pendingLines, testCount: UInt32(pendingTests.count),
                suiteCount: pendingSuites))
        for test in pendingTests {
            try testTable.append(
                BundleIndex.TestEntry(idHash: test.hash, frameIndex: frameIndex, lineOffset: test.lineOffset))
            if !test.kinds.isEmpty {
                testPositions.add(
                    runIndex: test.runIndex, frameIndex: frameIndex, lineOffset: test.lineOffset, kinds: test.kinds)
            }
        }
        pending.removeAll()
        pendingTests.removeAll(keepingCapacity: true)
        pendingSuites = 0
        pendingLines = 0
        if testPositions.isFull { try writeTestPositions() }
        if suiteTotals.isFull, runTotals != nil { try writeSuiteTotals(keepingCurrent: true) }
    }

    /// Flushes, writes the index and the trailer, syncs and closes the file. Calling it again does nothing.
    public func close() throws {
        guard !isClosed else { return }
        // The last batch is compressed in the background while the index is sorted and encoded here; where that
        // batch ends (the index's data end) is filled in once it is written.
        try submitBatch()
        if var totals = runTotals {
            while totals.count < index.runs.count { totals.append(ResultTotals()) }
            index.runTotals = totals
            // Positions only where every test was counted: a test of a run never begun has no run to belong to.
            try writeTestPositions()
            index.positions = testPositionsForIndex()
            try writeSuiteTotals(keepingCurrent: false)
            index.suiteTotals = suiteTotalsForIndex()
            index.causes = Dictionary(
                uniqueKeysWithValues: failureCauses.causes(runCount: index.runs.count).enumerated().map { ($0, $1) })
        }
        let indexOffset: Int64
        if testTable.isSpilled {
            indexOffset = try writeStreamedIndex(testTable)
            testTable.remove()
        } else {
            index.tests = testTable.takeInMemory()
            indexOffset = try writeIndex(try index.encode(), entriesPerPart: testTable.entriesPerPart)
        }
        var trailer = [UInt8]()
        trailer.appendLittleEndian(UInt64(indexOffset))
        trailer.append(contentsOf: Trailer.magic)
        try writeFrame(.trailer, compressed: false, payload: trailer, uncompressedLength: trailer.count)
        isClosed = true
        try file.sync()
        try file.close()
    }

    // MARK: Internals

    /// Waits for the batch being written in the background, if any, and accounts for its bytes. Every write and
    /// every use of ``offset`` comes after this.
    func settle() throws {
        guard let worker else { return }
        do {
            guard let finished = try worker.wait() else { return }
            offset += Int64(finished.written)
            spareBuffer = finished.buffer
        } catch {
            // The file's end is unknown now: refuse every later write (the file still opens up to the last frame).
            let failure =
                (error as? BundleError)
                ?? BundleError(.io, "\(error)", path: url.path, underlying: error as? SystemCallError)
            writeFailure = failure
            throw failure
        }
    }

    func checkOpen() throws {
        if let writeFailure { throw writeFailure }
        guard !isClosed else { throw BundleError(.misuse, "the bundle writer is closed", path: url.path) }
    }

    /// Appends a run, run-end or suite line.
    private func appendLine(_ line: RecordLine) throws {
        _ = try appendLine { RecordLineCodec.appendOther(line, to: &$0) }
    }

    /// Appends the line `encode` writes and returns its offset in the batch, flushing first when the batch
    /// would exceed its limit.
    private func appendLine(_ encode: (inout JSONBytes) throws -> Void) throws -> UInt32 {
        let start = pending.count
        try encode(&pending)
        var lineOffset = start
        if pending.count > limits.maxRecordBatchBytes {
            let lineBytes = pending.buffer.copyBytes(from: start)
            pending.buffer.truncate(to: start)
            guard lineBytes.count <= limits.maxRecordBatchBytes else {
                throw BundleError(
                    .limitExceeded,
                    "a record of \(lineBytes.count) bytes is over the limit of \(limits.maxRecordBatchBytes); store large content as blobs",
                    path: url.path)
            }
            try submitBatch()
            pending.buffer.append(lineBytes)  // ends with its newline
            lineOffset = 0
        }
        pendingLines += 1
        return UInt32(lineOffset)
    }

    /// Writes a frame: its header, then its payload.
    func writeFrame(_ type: FrameType, compressed: Bool, payload: [UInt8], uncompressedLength: Int) throws {
        try payload.withUnsafeBytes {
            try writeFrame(type, compressed: compressed, payload: $0, uncompressedLength: uncompressedLength)
        }
    }

    /// Writes a frame: its header, then its payload.
    func writeFrame(_ type: FrameType, compressed: Bool, payload: UnsafeRawBufferPointer, uncompressedLength: Int)
        throws
    {
        try settle()
        offset += Int64(
            try FrameWriting.write(
                type, compressed: compressed, payload: payload, uncompressedLength: uncompressedLength, to: file))
    }

    func append(_ bytes: [UInt8]) throws {
        try settle()
        try file.writeAll(bytes)
        offset += Int64(bytes.count)
    }
}

/// The trailer frame's payload: the index frame's offset and a magic.
enum Trailer {
    static let magic: [UInt8] = Array("RBUNDEND".utf8)
    static let payloadSize = 16
    static let frameSize = FrameHeader.size + payloadSize
}
