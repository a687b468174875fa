import ResultModel

extension BundleReader {
    /// Each run's totals as the writer counted them (format 1.2), in the order of ``runs``; `nil` for older bundles
    /// and rebuilt indexes.
    public var storedRunTotals: [ResultTotals]? {
        guard indexSource == .stored, !index.runTotals.isEmpty, index.runTotals.count == index.runs.count else {
            return nil
        }
        return index.runTotals
    }

    /// The runs with a test that has a start time on one of its own attempts, from the index's test positions
    /// (format 1.7); `nil` when some run has none.
    public var storedRunsWithTimedTests: Set<Int>? {
        guard indexSource == .stored, index.runs.allSatisfy({ index.positions[$0.index] != nil }) else { return nil }
        return Set(index.runs.map(\.index).filter { (index.positions[$0]?.timedTests ?? 0) > 0 })
    }

    /// Calls `body` with each test the index's test positions (format 1.7) mark as one of `selection`, in the order
    /// written, decoding no other line and inflating only the record batches that hold such tests; returns `false`
    /// without calling `body` for a bundle without positions for every run (older, or with a rebuilt index) or
    /// whose positions frames are damaged (noted in ``damage``). Damaged batches and lines are skipped and noted.
    /// - Complexity: O(the runs' positions and the batches holding selected tests); the selected tests' places
    ///   (12 bytes each) are in memory at once.
    public func forEachTest(in selection: TestSelection, _ body: (TestRecord) throws -> Void) throws -> Bool {
        try forEachTest(in: selection, reading: { _ in true }, body)
    }

    /// ``forEachTest(in:_:)`` that first calls `wanted` with each selected test's kinds, in order, and reads only
    /// the tests it wants: a batch holding none of them is not inflated.
    public func forEachTest(
        in selection: TestSelection, reading wanted: (TestSelection) -> Bool, _ body: (TestRecord) throws -> Void
    ) throws -> Bool {
        guard let places = try selectedPlaces(selection) else { return false }
        let frames = index.recordFrames
        var offsetsByFrame: [Int64: [UInt32]] = [:]
        var framesInOrder: [BundleIndex.RecordFrame] = []
        for place in places where wanted(place.kinds) {
            let frame = frames[Int(place.frameIndex)]
            if offsetsByFrame[frame.offset] == nil { framesInOrder.append(frame) }
            offsetsByFrame[frame.offset, default: []].append(place.lineOffset)
        }
        let lineOffsets = offsetsByFrame
        try forEachBatch(inFrames: framesInOrder) { decoding, frameOffset in
            try Self.decodeTests(at: lineOffsets[frameOffset] ?? [], frameAt: frameOffset, decoding: decoding)
        } consume: { (batch: consuming RecordBatchDecoding.Batch<TestRecord>) in
            for problem in batch.damage { note(problem) }
            var records = batch.records
            batch.records = []
            records.reverse()
            while let record = records.popLast() { try body(record) }
        }
        return true
    }

    /// The selected tests' positions, in file order; `nil` when some run has no positions or a positions frame
    /// cannot be read.
    private func selectedPlaces(_ selection: TestSelection) throws -> [TestPosition]? {
        guard indexSource == .stored, !index.runs.isEmpty,
            index.runs.allSatisfy({ index.positions[$0.index] != nil })
        else { return nil }
        var places: [TestPosition] = []
        for run in index.runs {
            for frameOffset in index.positions[run.index]?.frames ?? [] {
                do {
                    places += try testPositions(inFrameAt: frameOffset, ofRun: run.index).lazy.filter {
                        !$0.kinds.isDisjoint(with: selection)
                    }
                } catch let problem as BundleError where problem.code != .io {
                    note(
                        BundleDamage(
                            kind: .damagedFrame, byteOffset: frameOffset,
                            message: "test positions frame: \(problem.message); every test is read instead"))
                    return nil
                }
            }
        }
        // Runs follow one another in a merged bundle but may interleave in a live one: file order is the places'.
        if index.runs.count > 1 { places.sort { ($0.frameIndex, $0.lineOffset) < ($1.frameIndex, $1.lineOffset) } }
        return places
    }

    /// The entries of the test positions frame at `frameOffset`, which must be of run `runIndex`.
    /// - Throws: ``BundleError`` (damaged) for a frame that is damaged, not a test positions frame, of another run,
    ///   or pointing at a record batch the index does not have; I/O errors.
    func testPositions(inFrameAt frameOffset: Int64, ofRun runIndex: Int) throws -> [TestPosition] {
        let frame = try source.checkedFrame(at: frameOffset)
        guard frame.header.type == .testPositions else {
            throw BundleError(.damaged, "the index points at a \(FrameType.describe(frame.header.typeByte))")
        }
        let read = try TestPositionsLayout.read(
            try source.uncompressedPayload(frame), frameCount: index.recordFrames.count)
        guard read.runIndex == runIndex else {
            throw BundleError(.damaged, "the frame holds run \(read.runIndex)'s tests, not run \(runIndex)'s")
        }
        return read.entries
    }

    /// The tests whose lines start at `lineOffsets` in the record batch at `frameOffset`.
    private static func decodeTests(
        at lineOffsets: [UInt32], frameAt frameOffset: Int64, decoding: RecordBatchDecoding
    ) throws -> RecordBatchDecoding.Batch<TestRecord> {
        var batch = RecordBatchDecoding.Batch<TestRecord>(offset: frameOffset)
        let outcome = try RecordBatchDecoding.withPayload(at: frameOffset, source: decoding.source) { payload in
            for lineOffset in lineOffsets {
                guard let range = RecordLines.line(in: payload, at: Int(lineOffset)) else {
                    batch.damage.append(
                        decoding.damage(
                            BundleError(.damaged, "a test position points past the batch's end"), at: Int(lineOffset),
                            frameOffset: frameOffset))
                    continue
                }
                payload.withUnsafeBufferPointer { bytes in
                    switch decoding.decodeLine(
                        UnsafeBufferPointer(rebasing: bytes[range]), at: Int(lineOffset), frameOffset: frameOffset)
                    {
                    case .value(.test(let test)): batch.records.append(test)
                    case .value: break
                    case .damage(let problem): batch.damage.append(problem)
                    }
                }
            }
        }
        if case .damage(let problem) = outcome { batch.damage.append(problem) }
        return batch
    }
}
