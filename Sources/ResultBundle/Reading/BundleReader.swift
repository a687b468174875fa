import Foundation
import ResultModel

/// Reads a `.resultbundle` file: runs, suites and tests streamed frame by frame, one test by id through the
/// index, blobs checked against their SHA-256.
///
/// Opening reads the header, the trailer and the index (or rebuilds the index by scanning a bundle that was
/// not closed). Damage found on the way is collected in ``damage`` and skipped; only an unreadable header,
/// a newer major version or an I/O error make opening fail. Not safe to use from several tasks at once.
public final class BundleReader: ResultSource {
    /// Where the index came from.
    public enum IndexSource: Sendable, Hashable {
        /// The index the writer wrote at close.
        case stored
        /// Rebuilt by scanning every frame, because the index was missing or damaged.
        case rebuilt
    }

    /// The bundle's path.
    public let url: URL
    /// The format version in the bundle's header.
    public let formatVersion: FormatVersion
    /// The limits this reader enforces.
    public let limits: BundleLimits
    /// Where the index came from.
    public let indexSource: IndexSource
    /// Damage found so far (opening, reading, verifying); reading continues past it.
    public private(set) var damage: [BundleDamage] = []
    /// The runs, in order.
    public var runs: [RunResult] { index.runs }

    /// The totals of every test as the writer counted them, read from the stored index without reading a test
    /// (format 1.2); `nil` for older bundles and rebuilt indexes (count with ``ResultSource/totals()`` then).
    public var storedTotals: ResultTotals? {
        guard indexSource == .stored, !index.runTotals.isEmpty, index.runTotals.count == index.runs.count else {
            return nil
        }
        return index.runTotals.reduce(into: ResultTotals()) { $0.add($1) }
    }
    /// The number of tests in the bundle.
    public var testCount: Int { index.testCount }
    /// The number of distinct blobs in the bundle.
    public var blobCount: Int { index.blobs.count }
    /// The size of the file in bytes.
    public var fileSize: Int64 { source.size }

    let source: FrameSource
    var index: BundleIndex
    private var cachedFrame: (offset: Int64, payload: [UInt8])?
    /// The coverage frame read last, with its table: the report reads a run's files one after the other.
    var cachedCoverageFrame: CoverageFrameRead?
    /// The part of a parted index's test table read last (by its start in the index payload).
    var cachedTestPart: (start: Int64, tests: [BundleIndex.TestEntry])?
    /// Decodes the lines read through the index (`test(id:)`) on the caller's thread.
    lazy var decoding = RecordBatchDecoding(source: source)

    /// Opens a bundle.
    /// - Throws: ``BundleError`` when the file is not a bundle, is from a newer major version, or cannot be read.
    public init(url: URL, limits: BundleLimits = .standard) throws {
        self.url = url
        self.limits = limits
        let file = try FileDescriptor.openRegularFile(url.path)
        let size = try file.size()
        source = FrameSource(file: file, path: url.path, limits: limits, size: size)
        formatVersion = try FileHeader.decode(try file.read(count: FileHeader.size, at: 0), path: url.path)
        switch Self.loadStoredIndex(source) {
        case .loaded(let stored):
            index = stored
            indexSource = .stored
        case .unusable(let problem):
            damage.append(problem)
            var rebuilt = BundleIndex()
            damage += try Self.rebuildIndex(source, into: &rebuilt)
            index = rebuilt
            indexSource = .rebuilt
        }
        if limits.maxDecodedStringBytes != .max {
            index.runs = index.runs.map { $0.cut(to: limits.maxDecodedStringBytes) }
        }
    }

    /// Records damage once.
    func note(_ problem: BundleDamage) {
        if !damage.contains(problem) { damage.append(problem) }
    }

    // MARK: Reading records

    /// Calls `body` with each suite record, in the order written.
    public func forEachSuite(_ body: (SuiteRecord) throws -> Void) throws {
        let suites = RecordBatchDecoding.Extraction<SuiteRecord>(kind: .suite) { decoding, line, suites in
            if case .suite(let suite) = try RecordLineCodec.decode(
                line, maxStringBytes: decoding.maxStringBytes)
            {
                suites.append(suite)
            }
        }
        try forEachRecord(inFrames: index.recordFrames.filter { $0.suiteCount > 0 }, suites, body)
    }

    /// Calls `body` with each test, in the order written. The next record batch is decoded on a background thread
    /// while `body` handles the current one; a few batches are in memory at a time.
    /// Damaged batches and lines are skipped and added to ``damage``.
    /// - Complexity: O(size of the record batches).
    public func forEachTest(_ body: (TestRecord) throws -> Void) throws {
        try forEachRecord(inFrames: index.recordFrames.filter { $0.testCount > 0 }, Self.tests, body)
    }

    /// Calls `transform` with the tests of each record batch, on background threads (a few batches ahead), and
    /// `body` with the results in order on the calling thread. Damaged batches and lines are skipped and added to
    /// ``damage``.
    public func forEachTestChunk<Output: Sendable>(
        _ transform: @escaping @Sendable (consuming [TestRecord]) throws -> Output, _ body: (Output) throws -> Void
    ) throws {
        let tests = Self.tests
        try forEachBatch(inFrames: index.recordFrames.filter { $0.testCount > 0 }) { decoding, offset in
            var batch = try decoding.decode(frameAt: offset, tests)
            // Handed over as the only reference, so `transform` can take the tests out without copying them.
            let records = batch.records
            batch.records = []
            return (batch.damage, records.isEmpty ? nil : try transform(records))
        } consume: { damage, output in
            for problem in damage { note(problem) }
            if let output { try body(output) }
        }
    }

    /// Calls `transform` with the tests of each record batch, on background threads (a few batches ahead), and
    /// `body` with the results in order on the calling thread: ``forEachTestChunk(_:_:)`` where plain passed tests
    /// come as their text (``ResultModel/TestBatch``), so they are never decoded. Damaged batches, and lines that
    /// cannot be decoded, are skipped and added to ``damage``.
    public func forEachTestBatch<Output: Sendable>(
        _ transform: @escaping @Sendable (any TestBatch) throws -> Output, _ body: (Output) throws -> Void
    ) throws {
        try forEachBatch(inFrames: index.recordFrames.filter { $0.testCount > 0 }) { decoding, offset in
            let outcome = try RecordBatchDecoding.withPayload(at: offset, source: decoding.source) { payload in
                let lines = TestLineBatch(payload: payload, frameOffset: offset, decoding: decoding)
                let output = try transform(lines)
                return (lines.damage, output)
            }
            switch outcome {
            case .damage(let problem): return ([problem], nil)
            case .value(let result): return result
            }
        } consume: { (damage: [BundleDamage], output: Output?) in
            for problem in damage { note(problem) }
            if let output { try body(output) }
        }
    }

    /// How test lines become tests.
    private static let tests = RecordBatchDecoding.Extraction<TestRecord>(kind: .test) { decoding, line, tests in
        try RecordLineCodec.decodeTest(
            line, strings: decoding.strings, maxStringBytes: decoding.maxStringBytes, into: &tests)
    }

    /// Decodes the records `extraction` takes from `frames`, in order; more than one batch is decoded ahead of
    /// `body`.
    private func forEachRecord<Record>(
        inFrames frames: [BundleIndex.RecordFrame], _ extraction: RecordBatchDecoding.Extraction<Record>,
        _ body: (Record) throws -> Void
    ) throws {
        try forEachBatch(inFrames: frames) { decoding, offset in
            try decoding.decode(frameAt: offset, extraction)
        } consume: { (batch: consuming RecordBatchDecoding.Batch<Record>) in
            for problem in batch.damage { note(problem) }
            // Lends each record to `body` as a local, moved out of the array and back: a record lent where it is in
            // the array is copied (a retain and a release per field), and reversing the array to pop the records
            // copied all of them when the array was still shared.
            var records = batch.records
            batch.records = []
            try records.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for index in 0..<buffer.count {
                    let record = (base + index).move()
                    defer { (base + index).initialize(to: record) }
                    try body(record)
                }
            }
        }
    }

    /// Does `work` on each of `frames`, ahead of `consume` on background threads when there are several, and
    /// calls `consume` with the outputs in order.
    func forEachBatch<Output>(
        inFrames frames: [BundleIndex.RecordFrame], work: @escaping BatchPrefetcher<Output>.Work,
        consume: (consuming Output) throws -> Void
    ) throws {
        guard frames.count > 1 else {
            let decoding = RecordBatchDecoding(source: source)
            for frame in frames { try consume(try work(decoding, frame.offset)) }
            return
        }
        let prefetcher = BatchPrefetcher(offsets: frames.map(\.offset), source: source, work: work)
        defer { prefetcher.cancel() }
        // Handed over, not copied: a copy would leave the batch's records shared, and the consumer moves them out.
        while let output = try prefetcher.next() { try consume(consume output) }
    }

    /// The test with this id (``TestIdentity/id``), in the given run or the first run that has it, read through
    /// the index without reading other batches.
    /// - Complexity: O(log tests) plus reading one record batch.
    public func test(id: String, runIndex: Int? = nil) throws -> TestRecord? {
        for entry in try indexEntries(forHash: BundleIndex.hash(id)) {
            let frameOffset = index.recordFrames[Int(entry.frameIndex)].offset
            guard let payload = try recordPayload(at: frameOffset),
                let range = RecordLines.line(in: payload, at: Int(entry.lineOffset)),
                case .test(let test) = payload.withUnsafeBufferPointer({
                    decodeLine(UnsafeBufferPointer(rebasing: $0[range]), at: range.lowerBound, frameOffset: frameOffset)
                }),
                test.id == id, runIndex == nil || test.runIndex == runIndex
            else { continue }
            return test
        }
        return nil
    }

    /// Decodes one line (at `lineOffset` in its batch's payload), noting an undecodable line as damage.
    func decodeLine(_ bytes: UnsafeBufferPointer<UInt8>, at lineOffset: Int, frameOffset: Int64) -> RecordLine? {
        switch decoding.decodeLine(bytes, at: lineOffset, frameOffset: frameOffset) {
        case .value(let line): return line
        case .damage(let problem):
            note(problem)
            return nil
        }
    }

    /// Reads the stored index's test table, which opening skips (ten million tests take 120 MB), the first time a
    /// test is looked up by id.
    func loadTestTable() throws {
        guard index.unloadedTestCount != nil else { return }
        let frame = try source.checkedFrame(at: index.dataEnd)
        let full = try BundleIndex.decode(try source.uncompressedPayload(frame))
        index.tests = full.tests
        index.unloadedTestCount = nil
    }

    /// The uncompressed payload of the record batch at `offset`, or `nil` (noted as damage) when it is damaged.
    func recordPayload(at offset: Int64) throws -> [UInt8]? {
        if let cachedFrame, cachedFrame.offset == offset { return cachedFrame.payload }
        switch try RecordBatchDecoding.payload(at: offset, source: source) {
        case .value(let payload):
            cachedFrame = (offset, payload)
            return payload
        case .damage(let problem):
            note(problem)
            return nil
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing field \((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}
