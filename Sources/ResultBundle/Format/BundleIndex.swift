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
    /// The number of tests the index describes.
    var testCount: Int { unloadedTestCount ?? tests.count }
    var blobs: [String: BlobEntry] = [:]
    var runs: [RunResult] = []
    /// Each run's totals, as its writer counted them (format 1.2: a `totals` key in the run list); empty when any
    /// run's are unknown (an older writer, or an index rebuilt by a scan).
    var runTotals: [ResultTotals] = []
    /// Each run's coverage frames and totals, by run index (format 1.6: a `coverage` key in the run list).
    var coverage: [Int: RunCoverageDirectory] = [:]
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
        var runList = JSONBytes()
        runList.beginArray()
        for run in IndexedRun.list(runs, totals: runTotals, coverage: coverage) { runList.encode(run) }
        runList.endArray()
        let runsJSON = runList.bytes
        var bytes = Self.magic
        bytes.reserveCapacity(
            Self.headerSize + recordFrames.count * 24 + tests.count * 24 + blobs.count * 48 + runsJSON.count)
        bytes.appendLittleEndian(Self.layoutVersion)
        bytes.appendLittleEndian(UInt32(recordFrames.count))
        bytes.appendLittleEndian(UInt32(tests.count))
        bytes.appendLittleEndian(UInt32(blobs.count))
        bytes.appendLittleEndian(UInt32(runsJSON.count))
        bytes.appendLittleEndian(UInt64(dataEnd))
        for frame in recordFrames {
            bytes.appendLittleEndian(UInt64(frame.offset))
            bytes.appendLittleEndian(frame.lineCount)
            bytes.appendLittleEndian(frame.testCount)
            bytes.appendLittleEndian(frame.suiteCount)
            bytes.appendLittleEndian(UInt32(0))
        }
        // The largest table is stored in place: three appends per test were a tenth of closing a large bundle.
        let order = lookupOrder()
        var at = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: tests.count * Self.testEntrySize))
        bytes.withUnsafeMutableBytes { table in
            for position in order {
                let test = tests[position]
                table.storeBytes(of: test.idHash.littleEndian, toByteOffset: at, as: UInt32.self)
                table.storeBytes(of: test.frameIndex.littleEndian, toByteOffset: at + 4, as: UInt32.self)
                table.storeBytes(of: test.lineOffset.littleEndian, toByteOffset: at + 8, as: UInt32.self)
                at += Self.testEntrySize
            }
        }
        for blob in blobs.values.sorted(by: { $0.digest.lexicographicallyPrecedes($1.digest) }) {
            bytes.append(contentsOf: blob.digest)
            bytes.appendLittleEndian(UInt64(blob.offset))
            bytes.appendLittleEndian(blob.size)
        }
        bytes.append(contentsOf: runsJSON)
        return bytes
    }

    /// Parses an index payload; every count is checked against the payload's size before use. Without
    /// `loadingTests`, the test table (12 bytes a test) is skipped: only lookups by id need it, and a reader loads
    /// it on the first one.
    static func decode(_ bytes: [UInt8], loadingTests: Bool = true) throws -> BundleIndex {
        func damaged(_ why: String) -> BundleError { BundleError(.damaged, "index is damaged: \(why)") }
        guard bytes.count >= headerSize, Array(bytes[0..<4]) == magic else { throw damaged("bad index magic") }
        let version = bytes.readLittleEndian(UInt32.self, at: 4)
        guard version == layoutVersion else { throw damaged("unknown index layout \(version)") }
        let frameCount = Int(bytes.readLittleEndian(UInt32.self, at: 8))
        let testCount = Int(bytes.readLittleEndian(UInt32.self, at: 12))
        let blobCount = Int(bytes.readLittleEndian(UInt32.self, at: 16))
        let runsLength = Int(bytes.readLittleEndian(UInt32.self, at: 20))
        let expected =
            headerSize + frameCount * recordFrameSize + testCount * testEntrySize
            + blobCount * blobEntrySize + runsLength
        guard expected == bytes.count else {
            throw damaged("section sizes add up to \(expected) bytes, not \(bytes.count)")
        }
        var index = BundleIndex()
        index.dataEnd = Int64(bitPattern: bytes.readLittleEndian(UInt64.self, at: 24))
        var position = headerSize
        index.recordFrames.reserveCapacity(frameCount)
        for _ in 0..<frameCount {
            index.recordFrames.append(
                RecordFrame(
                    offset: Int64(bitPattern: bytes.readLittleEndian(UInt64.self, at: position)),
                    lineCount: bytes.readLittleEndian(UInt32.self, at: position + 8),
                    testCount: bytes.readLittleEndian(UInt32.self, at: position + 12),
                    suiteCount: bytes.readLittleEndian(UInt32.self, at: position + 16)))
            position += recordFrameSize
        }
        if !loadingTests {
            index.unloadedTestCount = testCount
            position += testCount * testEntrySize
        }
        index.tests.reserveCapacity(loadingTests ? testCount : 0)
        for _ in 0..<(loadingTests ? testCount : 0) {
            let entry = TestEntry(
                idHash: bytes.readLittleEndian(UInt32.self, at: position),
                frameIndex: bytes.readLittleEndian(UInt32.self, at: position + 4),
                lineOffset: bytes.readLittleEndian(UInt32.self, at: position + 8))
            guard Int(entry.frameIndex) < frameCount else {
                throw damaged("test entry points at frame \(entry.frameIndex)")
            }
            index.tests.append(entry)
            position += testEntrySize
        }
        index.blobs.reserveCapacity(blobCount)
        for _ in 0..<blobCount {
            let digest = Array(bytes[position..<position + 32])
            let entry = BlobEntry(
                digest: digest,
                offset: Int64(bitPattern: bytes.readLittleEndian(UInt64.self, at: position + 32)),
                size: bytes.readLittleEndian(UInt64.self, at: position + 40))
            index.blobs[hexDigest(digest)] = entry
            position += blobEntrySize
        }
        do {
            let list = try Array(bytes[position...]).withUnsafeBufferPointer { text in
                var cursor = JSONCursor(text)
                let list = try cursor.array { try $0.decodeIndexedRun() }
                guard cursor.peek() == nil else { throw cursor.failure("text after the run list") }
                return list
            }
            index.runs = list.map(\.run)
            for run in list { index.coverage[run.index] = run.coverage }
            let totals = list.compactMap(\.totals)
            index.runTotals = totals.count == list.count ? totals : []
        } catch {
            throw damaged("run list is not valid JSON (\(error))")
        }
        return index
    }

    /// The entries for a test id, in write order (more than one in a merged bundle, or on a hash collision).
    func entries(forHash hash: UInt32) -> ArraySlice<TestEntry> {
        var low = 0
        var high = tests.count
        while low < high {
            let middle = (low + high) / 2
            if tests[middle].idHash < hash { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < tests.count && tests[end].idHash == hash { end += 1 }
        return tests[low..<end]
    }

    /// Sorts the tests table for lookups (the writer and the scanner add entries in write order).
    mutating func sortForLookup() {
        tests = sortedTests()
    }

    /// The tests ordered by hash, then write order (entries are added in write order).
    private func sortedTests() -> [TestEntry] { lookupOrder().map { tests[$0] } }

    /// The positions of the tests in ``tests``, ordered by hash, then write order. Sorts packed 64-bit keys
    /// (hash, position) with a radix sort, several times faster than comparison sorts of 100,000 tests.
    private func lookupOrder() -> [Int] {
        guard tests.count < Int(UInt32.max) else {
            return tests.indices.sorted { TestEntry.precedes(tests[$0], tests[$1]) }
        }
        var keys = [UInt64]()
        keys.reserveCapacity(tests.count)
        for (position, test) in tests.enumerated() { keys.append(UInt64(test.idHash) << 32 | UInt64(position)) }
        // Positions are distinct, so sorting whole keys orders them as the radix sort does; for a few thousand
        // keys that is faster than the radix sort's passes over its counters.
        if keys.count < 4_096 { keys.sort() } else { Self.sortByHighHalf(&keys) }
        return keys.map { Int($0 & 0xFFFF_FFFF) }
    }

    /// Sorts `keys` by their high 32 bits, keeping the order of keys whose high halves are equal: three stable
    /// counting passes over 11, 11 and 10 bits, whose 2,048 counters stay in the processor's fastest cache (two
    /// passes over 16 bits spent more time clearing and scanning 65,536 counters and scattering far apart).
    static func sortByHighHalf(_ keys: inout [UInt64]) {
        guard keys.count > 1 else { return }
        var scratch = [UInt64](repeating: 0, count: keys.count)
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

    var run: RunResult { RunResult(index: index, record: record, end: end) }

    static func list(
        _ runs: [RunResult], totals: [ResultTotals], coverage: [Int: RunCoverageDirectory] = [:]
    ) -> [IndexedRun] {
        runs.enumerated().map { position, run in
            IndexedRun(
                index: run.index, record: run.record, end: run.end,
                totals: totals.count == runs.count ? totals[position] : nil, coverage: coverage[run.index])
        }
    }
}
