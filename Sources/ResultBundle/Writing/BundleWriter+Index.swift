import Foundation

extension BundleWriter {
    /// Writes the index of a bundle whose test table was sorted in memory: one frame, deflated in parts on every
    /// core; a table of more than `entriesPerPart` tests is written in parts with an index directory, as a spilled
    /// one is, so that opening the bundle (`info`, `summary`) inflates its head and tail and not the whole table.
    /// `payload` was encoded while the last batch was being written; its data end is filled in here.
    /// Returns the index frame's offset.
    func writeIndex(_ encoded: [UInt8], entriesPerPart: Int) throws -> Int64 {
        var payload = encoded
        let layout = try BundleIndex.Layout(header: payload, payloadSize: payload.count)
        if layout.testCount > entriesPerPart {
            return try writeIndexInParts(
                testCount: layout.testCount, entriesPerPart: entriesPerPart, payloadSize: payload.count,
                head: { dataEnd in
                    var head = Array(payload[layout.headRange])
                    Self.fill(dataEnd: dataEnd, in: &head)
                    return head
                },
                testPieces: { add in
                    let pieceBytes = entriesPerPart * BundleIndex.testEntrySize
                    try payload.withUnsafeBytes { bytes in
                        for start in stride(
                            from: layout.testsRange.lowerBound, to: layout.testsRange.upperBound, by: pieceBytes)
                        {
                            try add(
                                UnsafeRawBufferPointer(
                                    rebasing: bytes[start..<min(start + pieceBytes, layout.testsRange.upperBound)]))
                        }
                    }
                },
                tail: { Array(payload[layout.testsRange.upperBound...]) })
        }
        try settle()
        index.dataEnd = offset
        Self.fill(dataEnd: offset, in: &payload)
        let indexOffset = offset
        let compressed = try payload.withUnsafeBytes {
            try PartitionedDeflate.deflate($0, level: 1, parts: ProcessInfo.processInfo.activeProcessorCount)
        }
        try writeFrame(
            indexFrameType(payloadSize: payload.count), compressed: true, payload: compressed,
            uncompressedLength: payload.count)
        return indexOffset
    }

    private static func fill(dataEnd: Int64, in head: inout [UInt8]) {
        for byte in 0..<8 {
            head[BundleIndex.dataEndPosition + byte] = UInt8(truncatingIfNeeded: dataEnd >> (8 * byte))
        }
    }

    /// Writes the index of a bundle whose test table was spilled (format 1.6): the index directory, then the index
    /// frame streamed part by part while the table is merged from its sorted runs, so neither the table nor the
    /// payload is ever whole in memory. The index's bytes, once inflated, are those of an index sorted in memory.
    /// Returns the index frame's offset.
    func writeStreamedIndex(_ table: TestTableSpill) throws -> Int64 {
        let runList = index.encodedRunList()
        let layout = BundleIndex.Layout(
            frameCount: index.recordFrames.count, testCount: table.count, blobCount: index.blobs.count,
            runListLength: runList.count)
        return try writeIndexInParts(
            testCount: table.count, entriesPerPart: table.entriesPerPart, payloadSize: layout.payloadSize,
            head: { _ in index.encodedHead(testCount: table.count, runListLength: runList.count) },
            testPieces: { add in try table.forEachSorted(pieceSize: table.entriesPerPart) { try add($0) } },
            tail: { index.encodedTail(runList: runList) })
    }

    /// Writes the index directory, then the index frame's payload part by part (format 1.6): `head` (given the
    /// data end, the index frame's offset), the test table in the pieces of whole entries `testPieces` hands over,
    /// then `tail`. Returns the index frame's offset.
    private func writeIndexInParts(
        testCount: Int, entriesPerPart: Int, payloadSize: Int, head: (Int64) -> [UInt8],
        testPieces: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void, tail: () -> [UInt8]
    ) throws -> Int64 {
        let testParts = (testCount + entriesPerPart - 1) / entriesPerPart
        let directorySize = IndexDirectory.payloadSize(partCount: testParts + 2)
        try settle()
        let directoryOffset = offset
        let indexOffset = directoryOffset + Int64(FrameHeader.size + directorySize)
        index.dataEnd = indexOffset
        // The directory and the index frame's header hold zeros until the index is written, as a streamed blob's
        // header does: a writer killed meanwhile leaves a bundle whose scan skips them.
        try file.writeAll([UInt8](repeating: 0, count: FrameHeader.size * 2 + directorySize))
        var stream = try StreamedIndexWriter(file: file)
        try head(indexOffset).withUnsafeBytes { try stream.addPart($0) }
        try testPieces { piece in
            try stream.addPart(piece, firstHash: UInt32(littleEndian: piece.loadUnaligned(as: UInt32.self)))
        }
        try stream.finish(lastPart: tail())
        offset = indexOffset + Int64(FrameHeader.size) + stream.storedLength

        var header = FrameHeader(
            type: indexFrameType(payloadSize: payloadSize), compressed: true,
            storedLength: UInt32(stream.storedLength), uncompressedLength: UInt32(payloadSize))
        header.checksum = header.checksum(payloadCRC: stream.payloadCRC, payloadLength: Int(stream.storedLength))
        try file.pwriteAll(header.encoded, at: indexOffset)
        let directory = IndexDirectory(indexOffset: indexOffset, parts: stream.parts).encode(
            frameOffset: directoryOffset)
        var directoryHeader = FrameHeader(
            type: .indexDirectory, compressed: false, storedLength: UInt32(directory.count),
            uncompressedLength: UInt32(directory.count))
        directoryHeader.checksum = directoryHeader.checksum(
            payloadCRC: CRC32.checksum(directory), payloadLength: directory.count)
        try file.pwriteAll(directoryHeader.encoded + directory, at: directoryOffset)
        return indexOffset
    }

    /// An index over the index limit (more than about five million tests) is written as a large index.
    private func indexFrameType(payloadSize: Int) -> FrameType {
        payloadSize > limits.maxIndexBytes ? .largeIndex : .index
    }
}
