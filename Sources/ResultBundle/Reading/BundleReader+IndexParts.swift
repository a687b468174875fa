import Foundation

extension BundleReader {
    /// Opens an index written in parts (format 1.6) through its directory: inflates only the head (header and
    /// record batches) and the tail (blobs and runs), each checked against its part's CRC-32, and leaves the test
    /// table to be read a part per lookup. `nil` when the index has no directory; throws when the directory or
    /// a part is damaged (the caller then reads the index whole, checking the whole frame).
    /// - Complexity: O(record batches + blobs + runs), whatever the number of tests.
    static func loadPartedIndex(_ source: FrameSource, indexOffset: Int64, trailerOffset: Int64) throws
        -> BundleIndex?
    {
        let footerOffset = indexOffset - Int64(IndexDirectory.footerSize)
        guard footerOffset >= Int64(FileHeader.size + FrameHeader.size),
            let directoryOffset = IndexDirectory.frameOffset(
                fromFooter: try source.file.read(count: IndexDirectory.footerSize, at: footerOffset))
        else { return nil }
        let indexHeader = try source.header(at: indexOffset)
        let directoryFrame = try source.checkedFrame(at: directoryOffset)
        guard indexHeader.type == .index || indexHeader.type == .largeIndex, indexHeader.isCompressed,
            indexOffset + indexHeader.frameSize == trailerOffset,
            directoryFrame.header.type == .indexDirectory, !directoryFrame.header.isCompressed,
            directoryFrame.end == indexOffset, let payload = directoryFrame.payload
        else { throw BundleIndex.damaged("the index directory does not describe the index frame") }
        let directory = try IndexDirectory.decode(
            payload, payloadSize: Int(indexHeader.uncompressedLength), storedSize: Int(indexHeader.storedLength))
        guard directory.indexOffset == indexOffset, let first = directory.parts.first, let last = directory.parts.last,
            directory.parts.count >= 2
        else { throw BundleIndex.damaged("the index directory does not describe the index frame") }
        let head = try readIndexPart(first, of: directory, isFinal: false, source: source)
        let layout = try BundleIndex.Layout(header: head, payloadSize: Int(indexHeader.uncompressedLength))
        let testParts = directory.parts.dropFirst().dropLast()
        guard first.uncompressedRange == Int64(layout.headRange.lowerBound)..<Int64(layout.headRange.upperBound),
            last.uncompressedRange == Int64(layout.tailRange.lowerBound)..<Int64(layout.tailRange.upperBound),
            testParts.allSatisfy({
                $0.uncompressedLength > 0 && Int($0.uncompressedLength) % BundleIndex.testEntrySize == 0
            })
        else { throw BundleIndex.damaged("the index directory's parts are not the index's sections") }
        var index = try BundleIndex.decodeHead(head, layout: layout)
        index.unloadedTestCount = layout.testCount
        try index.decodeTail(try readIndexPart(last, of: directory, isFinal: true, source: source)[...], layout: layout)
        guard index.pointsInside(indexOffset: indexOffset) else {
            throw BundleIndex.damaged("the index points outside the bundle's frames")
        }
        index.directory = directory
        return index
    }

    /// One part of an index frame's payload, inflated, after checking its CRC-32.
    static func readIndexPart(
        _ part: IndexDirectory.Part, of directory: IndexDirectory, isFinal: Bool, source: FrameSource
    ) throws -> [UInt8] {
        let at = directory.indexOffset + Int64(FrameHeader.size) + part.storedStart
        let stored = try source.file.read(count: Int(part.storedLength), at: at)
        guard stored.count == Int(part.storedLength), CRC32.checksum(stored) == part.checksum else {
            throw source.error(.damaged, "a part of the index does not match its checksum", at: at)
        }
        do {
            return try stored.withUnsafeBytes {
                try Compression.inflatePart($0, expected: Int(part.uncompressedLength), isFinal: isFinal)
            }
        } catch let failure as BundleError {
            throw failure.located(path: source.path, byteOffset: at)
        }
    }

    /// The index entries that may be the test with this hash, in write order: from the test table when it is
    /// in memory, else from the parts of a parted index that may hold the hash (one part, but for a run of equal
    /// hashes across a part's edge), the last part read kept for the next lookup.
    func indexEntries(forHash hash: UInt32) throws -> [BundleIndex.TestEntry] {
        guard let directory = index.directory else {
            try loadTestTable()
            return Array(index.entries(forHash: hash))
        }
        let testParts = Array(directory.parts.dropFirst().dropLast())
        var entries: [BundleIndex.TestEntry] = []
        for part in IndexDirectory.candidates(forHash: hash, in: testParts) {
            let tests: [BundleIndex.TestEntry]
            if let cachedTestPart, cachedTestPart.start == part.uncompressedStart {
                tests = cachedTestPart.tests
            } else {
                let bytes = try Self.readIndexPart(part, of: directory, isFinal: false, source: source)
                tests = try BundleIndex.decodeTests(bytes[...], frameCount: index.recordFrames.count)
                cachedTestPart = (part.uncompressedStart, tests)
            }
            entries += BundleIndex.entries(forHash: hash, in: tests)
        }
        return entries
    }
}

extension BundleIndex {
    /// Whether every frame the index names lies after the header and before the index frame.
    func pointsInside(indexOffset: Int64) -> Bool {
        dataEnd == indexOffset
            && recordFrames.allSatisfy({ $0.offset >= Int64(FileHeader.size) && $0.offset < indexOffset })
            && blobs.values.allSatisfy({ $0.offset >= Int64(FileHeader.size) && $0.offset < indexOffset })
            && coverage.values.allSatisfy({
                $0.frames.allSatisfy { $0 >= Int64(FileHeader.size) && $0 < indexOffset }
            })
    }
}

extension BundleReader {
    /// Checks every part of a parted index's test table on its own, as lookups read them: its CRC-32, that it
    /// inflates to its length, that its entries are in order and point at record batches, and that the directory
    /// names its first hash.
    func verifyTestParts(of directory: IndexDirectory) -> [BundleDamage] {
        var problems: [BundleDamage] = []
        var previous: UInt32 = 0
        for part in directory.parts.dropFirst().dropLast() {
            let at = directory.indexOffset + Int64(FrameHeader.size) + part.storedStart
            do {
                let bytes = try Self.readIndexPart(part, of: directory, isFinal: false, source: source)
                let tests = try BundleIndex.decodeTests(bytes[...], frameCount: index.recordFrames.count)
                guard tests.first?.idHash == part.firstHash,
                    zip([previous] + tests.map(\.idHash), tests.map(\.idHash)).allSatisfy({ $0 <= $1 })
                else { throw BundleIndex.damaged("a part of the test table is out of order") }
                previous = tests.last?.idHash ?? previous
            } catch {
                problems.append(
                    BundleDamage(
                        kind: .damagedIndex, byteOffset: at,
                        message: "index part at byte \(at): \((error as? BundleError)?.message ?? "\(error)")"))
            }
        }
        return problems
    }
}
