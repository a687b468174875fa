import ResultModel

/// Where a run's failed, skipped, flaky and badly measured tests are (format 1.7): the offsets of its test
/// positions frames, in file order, and how many entries they hold. The index's run list holds it under
/// `positions`; a run without it (an older bundle, a rebuilt index) has its tests found by reading them all.
struct RunTestPositions: Equatable {
    /// The number of entries in the run's frames.
    var entries: Int
    /// The offsets of the run's test positions frames, in file order.
    var frames: [Int64]
    /// The run's tests with a start time on one of their own attempts: when there is none, the run's time by the
    /// clock cannot come from its tests, so a summary need not read them for it.
    var timedTests: Int = 0
}

/// One test a bounded output may show: its line's place, as the index's test table gives it, and its kinds.
struct TestPosition: Equatable {
    /// The record batch holding the test's line (0-based, into the index's record-batch table).
    var frameIndex: UInt32
    /// The byte offset of the test's line in the batch's inflated payload.
    var lineOffset: UInt32
    /// What kind of test it is (``ResultModel/TestSelection``'s bits).
    var kinds: TestSelection
}

/// The inflated payload of a test positions frame (docs/FORMAT.md, "Test positions"): magic, layout version, the
/// run's index, the entry count, then the entries in file order, 12 bytes each.
enum TestPositionsLayout {
    static let magic: [UInt8] = Array("RBTP".utf8)
    static let layoutVersion: UInt32 = 1
    /// Magic, layout version, run index, entry count.
    static let headerSize = 16
    static let entrySize = 12
    /// The entries a writer holds, over all runs, before it writes them out (768 KiB): what keeps a writer's memory
    /// flat whatever the number of failing tests.
    static let entriesPerFrame = 65_536

    /// The payload for `entries` of run `runIndex`.
    static func payload(runIndex: Int, _ entries: [TestPosition]) -> [UInt8] {
        var bytes = magic
        bytes.reserveCapacity(headerSize + entries.count * entrySize)
        bytes.appendLittleEndian(layoutVersion)
        bytes.appendLittleEndian(UInt32(runIndex))
        bytes.appendLittleEndian(UInt32(entries.count))
        for entry in entries {
            bytes.appendLittleEndian(entry.frameIndex)
            bytes.appendLittleEndian(entry.lineOffset)
            bytes.appendLittleEndian(entry.kinds.rawValue)
        }
        return bytes
    }

    /// The run index and entries of `payload`, checking its size, magic and version and that every entry points
    /// at one of `frameCount` record batches.
    static func read(_ payload: [UInt8], frameCount: Int) throws -> (runIndex: Int, entries: [TestPosition]) {
        guard payload.count >= headerSize, Array(payload[0..<4]) == magic else {
            throw BundleError(.damaged, "test positions frame: bad magic")
        }
        let version = payload.readLittleEndian(UInt32.self, at: 4)
        guard version == layoutVersion else {
            throw BundleError(.damaged, "test positions frame: unknown layout \(version)")
        }
        let runIndex = Int(payload.readLittleEndian(UInt32.self, at: 8))
        let count = Int(payload.readLittleEndian(UInt32.self, at: 12))
        guard payload.count == headerSize + count * entrySize else {
            throw BundleError(
                .damaged,
                "test positions frame: \(count) entries need \(headerSize + count * entrySize) bytes, not \(payload.count)"
            )
        }
        var entries: [TestPosition] = []
        entries.reserveCapacity(count)
        for position in stride(from: headerSize, to: payload.count, by: entrySize) {
            let entry = TestPosition(
                frameIndex: payload.readLittleEndian(UInt32.self, at: position),
                lineOffset: payload.readLittleEndian(UInt32.self, at: position + 4),
                kinds: TestSelection(rawValue: payload.readLittleEndian(UInt32.self, at: position + 8)))
            guard Int(entry.frameIndex) < frameCount else {
                throw BundleError(
                    .damaged,
                    "test positions frame: an entry points at record batch \(entry.frameIndex) of \(frameCount)")
            }
            entries.append(entry)
        }
        return (runIndex, entries)
    }
}
