import Foundation

extension BundleWriter {
    /// Writes the index of a bundle whose test table was sorted in memory: one frame, deflated in parts on every
    /// core. `payload` was encoded while the last batch was being written; its data end is filled in here.
    /// Returns the index frame's offset.
    func writeIndex(_ encoded: [UInt8]) throws -> Int64 {
        var payload = encoded
        try settle()
        index.dataEnd = offset
        for byte in 0..<8 {
            payload[BundleIndex.dataEndPosition + byte] = UInt8(truncatingIfNeeded: offset >> (8 * byte))
        }
        let indexOffset = offset
        let compressed = try payload.withUnsafeBytes {
            try PartitionedDeflate.deflate($0, level: 1, parts: ProcessInfo.processInfo.activeProcessorCount)
        }
        try writeFrame(
            indexFrameType(payloadSize: payload.count), compressed: true, payload: compressed,
            uncompressedLength: payload.count)
        return indexOffset
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
        let testParts = (table.count + table.entriesPerPart - 1) / table.entriesPerPart
        let directorySize = IndexDirectory.payloadSize(partCount: testParts + 2)
        try settle()
        let directoryOffset = offset
        let indexOffset = directoryOffset + Int64(FrameHeader.size + directorySize)
        index.dataEnd = indexOffset
        // The directory and the index frame's header hold zeros until the index is written, as a streamed blob's
        // header does: a writer killed meanwhile leaves a bundle whose scan skips them.
        try file.writeAll([UInt8](repeating: 0, count: FrameHeader.size * 2 + directorySize))
        var stream = try StreamedIndexWriter(file: file)
        try index.encodedHead(testCount: table.count, runListLength: runList.count).withUnsafeBytes {
            try stream.addPart($0)
        }
        try table.forEachSorted(pieceSize: table.entriesPerPart) { piece in
            try stream.addPart(piece, firstHash: UInt32(littleEndian: piece.loadUnaligned(as: UInt32.self)))
        }
        try stream.finish(lastPart: index.encodedTail(runList: runList))
        offset = indexOffset + Int64(FrameHeader.size) + stream.storedLength

        var header = FrameHeader(
            type: indexFrameType(payloadSize: layout.payloadSize), compressed: true,
            storedLength: UInt32(stream.storedLength), uncompressedLength: UInt32(layout.payloadSize))
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
