import Foundation

/// The index payload in its three sections, each encoded and decoded on its own: the head (header and record
/// batches), the test table and the tail (blobs and run list). A writer whose test table does not fit in memory
/// streams the table between the other two; a reader with the index directory (format 1.6) inflates only the
/// sections it needs.
extension BundleIndex {
    /// Where each section of an index payload is, from the counts in its header.
    struct Layout: Equatable {
        var frameCount: Int
        var testCount: Int
        var blobCount: Int
        var runListLength: Int

        /// The byte ranges of the sections, in payload order.
        var headRange: Range<Int> { 0..<(headerSize + frameCount * recordFrameSize) }
        var testsRange: Range<Int> { headRange.upperBound..<(headRange.upperBound + testCount * testEntrySize) }
        var blobsRange: Range<Int> { testsRange.upperBound..<(testsRange.upperBound + blobCount * blobEntrySize) }
        var tailRange: Range<Int> { testsRange.upperBound..<payloadSize }
        var payloadSize: Int { blobsRange.upperBound + runListLength }

        init(frameCount: Int, testCount: Int, blobCount: Int, runListLength: Int) {
            self.frameCount = frameCount
            self.testCount = testCount
            self.blobCount = blobCount
            self.runListLength = runListLength
        }

        /// Reads the counts in the first ``BundleIndex/headerSize`` bytes of `header` and checks that the sections
        /// add up to `payloadSize`.
        init(header: some RandomAccessCollection<UInt8>, payloadSize: Int) throws {
            let bytes = Array(header.prefix(headerSize))
            guard bytes.count == headerSize, Array(bytes[0..<4]) == magic else {
                throw BundleIndex.damaged("bad index magic")
            }
            let version = bytes.readLittleEndian(UInt32.self, at: 4)
            guard version == layoutVersion else { throw BundleIndex.damaged("unknown index layout \(version)") }
            frameCount = Int(bytes.readLittleEndian(UInt32.self, at: 8))
            testCount = Int(bytes.readLittleEndian(UInt32.self, at: 12))
            blobCount = Int(bytes.readLittleEndian(UInt32.self, at: 16))
            runListLength = Int(bytes.readLittleEndian(UInt32.self, at: 20))
            guard self.payloadSize == payloadSize else {
                throw BundleIndex.damaged("section sizes add up to \(self.payloadSize) bytes, not \(payloadSize)")
            }
        }
    }

    static func damaged(_ why: String) -> BundleError { BundleError(.damaged, "index is damaged: \(why)") }

    /// The run list's JSON, as the index's last section holds it.
    func encodedRunList() -> [UInt8] {
        var runList = JSONBytes()
        runList.beginArray()
        for run in IndexedRun.list(
            runs, totals: runTotals, coverage: coverage, positions: positions, causes: causes,
            suites: suiteTotals)
        {
            runList.encode(run)
        }
        runList.endArray()
        return runList.bytes
    }

    /// The header and the record-batch table, for an index of `testCount` tests and a run list of
    /// `runListLength` bytes.
    func encodedHead(testCount: Int, runListLength: Int) -> [UInt8] {
        var bytes = Self.magic
        bytes.reserveCapacity(Self.headerSize + recordFrames.count * Self.recordFrameSize)
        bytes.appendLittleEndian(Self.layoutVersion)
        bytes.appendLittleEndian(UInt32(recordFrames.count))
        bytes.appendLittleEndian(UInt32(testCount))
        bytes.appendLittleEndian(UInt32(blobs.count))
        bytes.appendLittleEndian(UInt32(runListLength))
        bytes.appendLittleEndian(UInt64(dataEnd))
        for frame in recordFrames {
            bytes.appendLittleEndian(UInt64(frame.offset))
            bytes.appendLittleEndian(frame.lineCount)
            bytes.appendLittleEndian(frame.testCount)
            bytes.appendLittleEndian(frame.suiteCount)
            bytes.appendLittleEndian(UInt32(0))
        }
        return bytes
    }

    /// The blob table, sorted by digest, then the run list.
    func encodedTail(runList: [UInt8]) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(blobs.count * Self.blobEntrySize + runList.count)
        for blob in blobs.values.sorted(by: { $0.digest.lexicographicallyPrecedes($1.digest) }) {
            bytes.append(contentsOf: blob.digest)
            bytes.appendLittleEndian(UInt64(blob.offset))
            bytes.appendLittleEndian(blob.size)
        }
        bytes.append(contentsOf: runList)
        return bytes
    }

    /// Writes one test entry's 12 bytes at `offset` of `table`.
    static func store(_ test: TestEntry, in table: UnsafeMutableRawBufferPointer, at offset: Int) {
        table.storeBytes(of: test.idHash.littleEndian, toByteOffset: offset, as: UInt32.self)
        table.storeBytes(of: test.frameIndex.littleEndian, toByteOffset: offset + 4, as: UInt32.self)
        table.storeBytes(of: test.lineOffset.littleEndian, toByteOffset: offset + 8, as: UInt32.self)
    }

    /// The index without its test table and tail, from the head section (`bytes` starts at the payload's start).
    static func decodeHead(_ bytes: some RandomAccessCollection<UInt8>, layout: Layout) throws -> BundleIndex {
        let head = Array(bytes.prefix(layout.headRange.count))
        guard head.count == layout.headRange.count else { throw damaged("the record batch table is cut short") }
        var index = BundleIndex()
        index.dataEnd = Int64(bitPattern: head.readLittleEndian(UInt64.self, at: dataEndPosition))
        var position = headerSize
        index.recordFrames.reserveCapacity(layout.frameCount)
        for _ in 0..<layout.frameCount {
            index.recordFrames.append(
                RecordFrame(
                    offset: Int64(bitPattern: head.readLittleEndian(UInt64.self, at: position)),
                    lineCount: head.readLittleEndian(UInt32.self, at: position + 8),
                    testCount: head.readLittleEndian(UInt32.self, at: position + 12),
                    suiteCount: head.readLittleEndian(UInt32.self, at: position + 16)))
            position += recordFrameSize
        }
        return index
    }

    /// Test entries from a whole number of the test table's 12-byte entries.
    static func decodeTests(_ bytes: ArraySlice<UInt8>, frameCount: Int) throws -> [TestEntry] {
        guard bytes.count % testEntrySize == 0 else { throw damaged("a test table piece is cut inside an entry") }
        var tests = [TestEntry]()
        tests.reserveCapacity(bytes.count / testEntrySize)
        try bytes.withUnsafeBytes { raw in
            for position in stride(from: 0, to: raw.count, by: testEntrySize) {
                let entry = TestEntry(
                    idHash: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt32.self)),
                    frameIndex: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: position + 4, as: UInt32.self)),
                    lineOffset: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: position + 8, as: UInt32.self)))
                guard Int(entry.frameIndex) < frameCount else {
                    throw damaged("test entry points at frame \(entry.frameIndex)")
                }
                tests.append(entry)
            }
        }
        return tests
    }

    /// Reads the blob table and the run list from the tail section.
    mutating func decodeTail(_ bytes: ArraySlice<UInt8>, layout: Layout) throws {
        guard bytes.count == layout.tailRange.count else { throw BundleIndex.damaged("the blob table is cut short") }
        var position = bytes.startIndex
        blobs.reserveCapacity(layout.blobCount)
        for _ in 0..<layout.blobCount {
            let digest = Array(bytes[position..<position + 32])
            let entry = BlobEntry(
                digest: digest,
                offset: Int64(bitPattern: Self.littleEndian(UInt64.self, bytes, at: position + 32)),
                size: Self.littleEndian(UInt64.self, bytes, at: position + 40))
            blobs[hexDigest(digest)] = entry
            position += Self.blobEntrySize
        }
        do {
            let list = try Array(bytes[position...]).withUnsafeBufferPointer { text in
                var cursor = JSONCursor(text)
                let list = try cursor.array { try $0.decodeIndexedRun() }
                guard cursor.peek() == nil else { throw cursor.failure("text after the run list") }
                return list
            }
            runs = list.map(\.run)
            for run in list {
                coverage[run.index] = run.coverage
                positions[run.index] = run.positions
                causes[run.index] = run.causes
                suiteTotals[run.index] = run.suites
            }
            let totals = list.compactMap(\.totals)
            runTotals = totals.count == list.count ? totals : []
        } catch {
            throw Self.damaged("run list is not valid JSON (\(error))")
        }
    }

    private static func littleEndian<T: FixedWidthInteger>(_: T.Type, _ bytes: ArraySlice<UInt8>, at position: Int) -> T
    {
        bytes.withUnsafeBytes {
            T(littleEndian: $0.loadUnaligned(fromByteOffset: position - bytes.startIndex, as: T.self))
        }
    }
}
