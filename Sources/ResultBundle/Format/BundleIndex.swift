import Foundation
import ResultModel

/// The random-access index: where every record frame, test and blob is. Written as the payload of the `I`
/// frame when a writer closes; rebuilt by a scan when a bundle has none. Layout in `docs/FORMAT.md`.
struct BundleIndex {
    /// A record batch frame.
    struct RecordFrame: Equatable {
        var offset: Int64
        var lineCount: UInt32
        var testCount: UInt32
        var suiteCount: UInt32
    }

    /// A test line: where it is and which test it is.
    struct TestEntry: Equatable {
        /// The low 32 bits of the FNV-1a 64 hash of the test id's UTF-8 bytes.
        var idHash: UInt32
        /// Index into ``recordFrames``.
        var frameIndex: UInt32
        /// Byte offset of the line in the frame's uncompressed payload.
        var lineOffset: UInt32

        /// Orders by hash, then in write order.
        static func precedes(_ lhs: TestEntry, _ rhs: TestEntry) -> Bool {
            (lhs.idHash, lhs.frameIndex, lhs.lineOffset) < (rhs.idHash, rhs.frameIndex, rhs.lineOffset)
        }
    }

    /// A blob frame.
    struct BlobEntry: Equatable {
        var digest: [UInt8]
        var offset: Int64
        var size: UInt64
    }

    static let magic: [UInt8] = Array("RBIX".utf8)
    static let layoutVersion: UInt32 = 1
    static let headerSize = 32
    static let recordFrameSize = 24
    static let testEntrySize = 12
    static let blobEntrySize = 48

    var recordFrames: [RecordFrame] = []
    var tests: [TestEntry] = []
    /// The number of tests of a stored index read without its test table (``decode(_:loadingTests:)``); `nil`
    /// when ``tests`` holds them all.
    var unloadedTestCount: Int?
    /// Where the stored index's parts are (format 1.6, a large index written in parts), for looking tests up one
    /// part at a time; `nil` for an index read whole or rebuilt.
    var directory: IndexDirectory?
    /// The number of tests the index describes.
    var testCount: Int { unloadedTestCount ?? tests.count }
    var blobs: [String: BlobEntry] = [:]
    var runs: [RunResult] = []
    /// Each run's totals, as its writer counted them (format 1.2: a `totals` key in the run list); empty when any
    /// run's are unknown (an older writer, or an index rebuilt by a scan).
    var runTotals: [ResultTotals] = []
    /// Each run's coverage frames and totals, by run index (format 1.6: a `coverage` key in the run list).
    var coverage: [Int: RunCoverageDirectory] = [:]
    /// Each run's test positions frames, by run index (format 1.7: a `positions` key in the run list).
    var positions: [Int: RunTestPositions] = [:]
    /// Each run's failures grouped by cause, by run index (format 1.8: a `causes` key in the run list).
    var causes: [Int: RunFailureCauses] = [:]
    /// Each run's suite totals frames, by run index (format 1.9: a `suites` key in the run list).
    var suiteTotals: [Int: RunSuiteTotals] = [:]
    /// Offset just past the last frame the index describes.
    var dataEnd: Int64 = Int64(FileHeader.size)

    /// The low 32 bits of the ``ResultModel/StableHash`` of a test id.
    static func hash(_ id: String) -> UInt32 {
        UInt32(truncatingIfNeeded: StableHash.of(id))
    }

    /// ``hash(_:)-(String)`` of ``TestIdentity/id``, without building the string.
    static func hash(_ identity: TestIdentity) -> UInt32 {
        var hash = StableHash()
        hash.add(identity)
        return UInt32(truncatingIfNeeded: hash.value)
    }

    /// The index's payload bytes.
    /// Where ``dataEnd`` is in an encoded index.
    static let dataEndPosition = 24

    func encode() throws -> [UInt8] {
        let runList = encodedRunList()
        var bytes = encodedHead(testCount: tests.count, runListLength: runList.count)
        bytes.reserveCapacity(
            bytes.count + tests.count * Self.testEntrySize + blobs.count * Self.blobEntrySize + runList.count)
        // The largest table is stored in place: three appends per test were a tenth of closing a large bundle.
        let order = Self.lookupOrder(of: tests)
        var at = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: tests.count * Self.testEntrySize))
        bytes.withUnsafeMutableBytes { table in
            for position in order {
                Self.store(tests[position], in: table, at: at)
                at += Self.testEntrySize
            }
        }
        bytes.append(contentsOf: encodedTail(runList: runList))
        return bytes
    }

    /// Parses an index payload; every count is checked against the payload's size before use. Without
    /// `loadingTests`, the test table (12 bytes a test) is skipped: only lookups by id need it, and a reader loads
    /// it on the first one.
    static func decode(_ bytes: [UInt8], loadingTests: Bool = true) throws -> BundleIndex {
        let layout = try Layout(header: bytes, payloadSize: bytes.count)
        var index = try decodeHead(bytes, layout: layout)
        if loadingTests {
            index.tests = try decodeTests(bytes[layout.testsRange], frameCount: layout.frameCount)
        } else {
            index.unloadedTestCount = layout.testCount
        }
        try index.decodeTail(bytes[layout.blobsRange.lowerBound...], layout: layout)
        return index
    }

    /// The entries for a test id, in write order (more than one in a merged bundle, or on a hash collision).
    func entries(forHash hash: UInt32) -> ArraySlice<TestEntry> { Self.entries(forHash: hash, in: tests) }

    /// The entries with `hash` in `tests`, a table sorted by hash.
    static func entries(forHash hash: UInt32, in tests: [TestEntry]) -> ArraySlice<TestEntry> {
        tests[equalRange(of: hash, in: tests, by: \.idHash)]
    }

    /// The positions of the elements whose `key` is `hash` in `sorted`, ordered by `key` (an empty range where
    /// such an element would go when there is none).
    static func equalRange<Element>(of hash: UInt32, in sorted: [Element], by key: (Element) -> UInt32) -> Range<Int> {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if key(sorted[middle]) < hash { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < sorted.count && key(sorted[end]) == hash { end += 1 }
        return low..<end
    }

    /// Sorts the tests table for lookups (the writer and the scanner add entries in write order).
    mutating func sortForLookup() {
        tests = sortedTests()
    }

    /// The tests ordered by hash, then write order (entries are added in write order).
    private func sortedTests() -> [TestEntry] { Self.lookupOrder(of: tests).map { tests[$0] } }

    /// The positions of `tests`, ordered by hash, then position. Sorts packed 64-bit keys (hash, position) with a
    /// radix sort, several times faster than comparison sorts of 100,000 tests.
    static func lookupOrder(of tests: [TestEntry]) -> [Int] {
        guard tests.count < Int(UInt32.max) else {
            return tests.indices.sorted { TestEntry.precedes(tests[$0], tests[$1]) }
        }
        var keys = [UInt64]()
        keys.reserveCapacity(tests.count)
        for (position, test) in tests.enumerated() { keys.append(UInt64(test.idHash) << 32 | UInt64(position)) }
        // Positions are distinct, so sorting whole keys orders them as the radix sort does; for a few thousand
        // keys that is faster than the radix sort's passes over its counters.
        if keys.count < 4_096 { keys.sort() } else { sortByHighHalf(&keys) }
        return keys.map { Int($0 & 0xFFFF_FFFF) }
    }

    /// Sorts `keys` by their high 32 bits, keeping the order of keys whose high halves are equal: three stable
    /// counting passes over 11, 11 and 10 bits, whose 2,048 counters stay in the processor's fastest cache (two
    /// passes over 16 bits spent more time clearing and scanning 65,536 counters and scattering far apart).
    static func sortByHighHalf(_ keys: inout [UInt64]) {
        var scratch: [UInt64] = []
        sortByHighHalf(&keys, scratch: &scratch)
    }

    /// Sorts `keys` as above in `scratch`'s memory, which the caller may keep for the next sort (the two arrays
    /// trade buffers as the passes go).
    static func sortByHighHalf(_ keys: inout [UInt64], scratch: inout [UInt64]) {
        guard keys.count > 1 else { return }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: repeatElement(0, count: keys.count))
        var counts = [Int](repeating: 0, count: 1 << 11)
        for (shift, bits): (UInt64, UInt64) in [(32, 11), (43, 11), (54, 10)] {
            let mask: UInt64 = (1 << bits) - 1
            keys.withUnsafeBufferPointer { source in
                scratch.withUnsafeMutableBufferPointer { target in
                    counts.withUnsafeMutableBufferPointer { counts in
                        counts.update(repeating: 0)
                        for key in source { counts[Int(key >> shift & mask)] += 1 }
                        var total = 0
                        for digit in counts.indices {
                            let count = counts[digit]
                            counts[digit] = total
                            total += count
                        }
                        for key in source {
                            let digit = Int(key >> shift & mask)
                            target[counts[digit]] = key
                            counts[digit] += 1
                        }
                    }
                }
            }
            swap(&keys, &scratch)
        }
    }
}

/// Lowercase hex of raw digest bytes.
func hexDigest(_ bytes: [UInt8]) -> String {
    let digits: StaticString = "0123456789abcdef"
    return String(unsafeUninitializedCapacity: bytes.count * 2) { out in
        for (index, byte) in bytes.enumerated() {
            out[2 * index] = digits.utf8Start[Int(byte >> 4)]
            out[2 * index + 1] = digits.utf8Start[Int(byte & 0xF)]
        }
        return bytes.count * 2
    }
}

/// Raw digest bytes of a 64-character lowercase or uppercase hex string, or `nil`.
func rawDigest(_ hex: String) -> [UInt8]? {
    let utf8 = Array(hex.utf8)
    guard utf8.count == 64 else { return nil }
    func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x61...0x66: c - 0x61 + 10
        case 0x41...0x46: c - 0x41 + 10
        default: nil
        }
    }
    var bytes = [UInt8]()
    bytes.reserveCapacity(32)
    for index in stride(from: 0, to: 64, by: 2) {
        guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
        bytes.append(high << 4 | low)
    }
    return bytes
}

/// A run as the index's run list holds it: the run (`index`, `record`, `end`, as 1.0 wrote it) and, from format 1.2,
/// the `totals` of its tests. A 1.0 or 1.1 reader decodes the same JSON as ``RunResult`` and ignores `totals`.
struct IndexedRun {
    var index: Int
    var record: RunRecord
    var end: RunEnd?
    var totals: ResultTotals?
    /// The run's coverage (format 1.6), when it has some.
    var coverage: RunCoverageDirectory?
    /// Where the run's failed, skipped and flaky tests are (format 1.7).
    var positions: RunTestPositions?
    /// The run's failures grouped by cause (format 1.8).
    var causes: RunFailureCauses?
    /// Where the run's suite totals are (format 1.9).
    var suites: RunSuiteTotals?

    var run: RunResult { RunResult(index: index, record: record, end: end) }

    static func list(
        _ runs: [RunResult], totals: [ResultTotals], coverage: [Int: RunCoverageDirectory] = [:],
        positions: [Int: RunTestPositions] = [:], causes: [Int: RunFailureCauses] = [:],
        suites: [Int: RunSuiteTotals] = [:]
    ) -> [IndexedRun] {
        runs.enumerated().map { position, run in
            IndexedRun(
                index: run.index, record: run.record, end: run.end,
                totals: totals.count == runs.count ? totals[position] : nil, coverage: coverage[run.index],
                positions: positions[run.index], causes: causes[run.index], suites: suites[run.index])
        }
    }
}
