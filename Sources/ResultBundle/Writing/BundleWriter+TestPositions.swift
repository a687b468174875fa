import ResultModel

/// The places of the tests bounded outputs show (format 1.7), gathered as the writer goes: held until 65,536
/// entries wait over all runs, then written as one test positions frame per run, so that the writer's memory
/// stays flat however many tests fail.
struct TestPositionsCollector {
    /// Each run's entries not yet written, by run index.
    private(set) var pending: [Int: [TestPosition]] = [:]
    private(set) var pendingCount = 0
    /// Each run's frames written so far, by run index.
    private(set) var written: [Int: RunTestPositions] = [:]
    /// Each run's tests with a start time on one of their own attempts, by run index.
    private(set) var timedTests: [Int: Int] = [:]

    /// Counts a test of run `runIndex` with a start time.
    mutating func addTimedTest(runIndex: Int) { timedTests[runIndex, default: 0] += 1 }

    /// Adds a test of run `runIndex` whose line is at `lineOffset` in record batch `frameIndex`.
    mutating func add(runIndex: Int, frameIndex: UInt32, lineOffset: UInt32, kinds: TestSelection) {
        pending[runIndex, default: []].append(
            TestPosition(frameIndex: frameIndex, lineOffset: lineOffset, kinds: kinds))
        pendingCount += 1
    }

    /// Whether enough entries wait to be written.
    var isFull: Bool { pendingCount >= TestPositionsLayout.entriesPerFrame }

    /// Takes the waiting entries, in run order.
    mutating func takePending() -> [(runIndex: Int, entries: [TestPosition])] {
        let runs = pending.keys.sorted().map { ($0, pending[$0]!) }
        pending = [:]
        pendingCount = 0
        return runs
    }

    /// Notes that run `runIndex`'s frame of `entries` entries was written at `offset`.
    mutating func didWrite(runIndex: Int, entries: Int, at offset: Int64) {
        var directory = written[runIndex] ?? RunTestPositions(entries: 0, frames: [])
        directory.entries += entries
        directory.frames.append(offset)
        written[runIndex] = directory
    }
}

extension BundleWriter {
    /// Writes the waiting test positions, one frame per run.
    func writeTestPositions() throws {
        for (runIndex, entries) in testPositions.takePending() {
            let payload = TestPositionsLayout.payload(runIndex: runIndex, entries)
            let compressed = try payload.withUnsafeBytes { try Compression.deflate($0) }
            try settle()
            let frameOffset = offset
            try writeFrame(.testPositions, compressed: true, payload: compressed, uncompressedLength: payload.count)
            testPositions.didWrite(runIndex: runIndex, entries: entries.count, at: frameOffset)
        }
    }

    /// Each run's positions for the index: every run gets a directory (empty when none of its tests is shown).
    func testPositionsForIndex() -> [Int: RunTestPositions] {
        var positions = testPositions.written
        for run in index.runs {
            positions[run.index, default: RunTestPositions(entries: 0, frames: [])].timedTests =
                testPositions.timedTests[run.index] ?? 0
        }
        return positions
    }
}
