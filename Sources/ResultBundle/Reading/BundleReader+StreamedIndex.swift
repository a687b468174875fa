import Foundation

extension BundleReader {
    /// Indexes larger than this (inflated), when written whole (before format 1.6, or by another writer), are read
    /// in one streamed pass instead of inflated in memory: 16 MiB, about 1.3 million tests.
    static let streamedIndexThreshold = 16 << 20

    /// Reads a whole-written index in one pass over its frame, a megabyte at a time, keeping only the head
    /// (header and record batches) and the tail (blobs and runs): the test table (120 MB for ten million tests)
    /// goes by without being kept, and is read when a test is first looked up. The frame's CRC-32 is checked over
    /// the same pass, before anything read is used.
    /// - Complexity: O(index size) time; O(record batches + blobs + runs) memory.
    static func loadStreamedIndex(_ source: FrameSource, frameAt indexOffset: Int64, header: FrameHeader) throws
        -> BundleIndex
    {
        var collector = IndexSectionCollector(payloadSize: Int(header.uncompressedLength))
        let inflater = try Inflater()
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
        defer { output.deallocate() }
        var crc: UInt32 = 0
        var ended = false
        // A damaged frame is named by its checksum, which needs every stored byte: inflating stops at its first
        // problem, the checksum goes on.
        var inflateFailure: (any Error)?
        try source.streamPayload(offset: indexOffset + Int64(FrameHeader.size), length: Int(header.storedLength)) {
            chunk in
            crc = CRC32.update(crc, chunk)
            guard !ended, inflateFailure == nil else { return }
            do {
                ended = try inflater.feed(chunk, into: { output }) { written in
                    try collector.take(UnsafeRawBufferPointer(rebasing: output[0..<written]))
                }
            } catch {
                inflateFailure = error
            }
        }
        guard header.checksum(payloadCRC: crc, payloadLength: Int(header.storedLength)) == header.checksum else {
            throw source.error(
                .damaged, "frame checksum mismatch (\(FrameType.describe(header.typeByte)))", at: indexOffset)
        }
        if let inflateFailure { throw inflateFailure }
        guard ended, let layout = collector.layout, collector.produced == layout.payloadSize else {
            throw BundleIndex.damaged(
                "the index inflates to \(collector.produced) bytes, not \(header.uncompressedLength)")
        }
        var index = try BundleIndex.decodeHead(collector.head, layout: layout)
        index.unloadedTestCount = layout.testCount
        try index.decodeTail(collector.tail[...], layout: layout)
        return index
    }
}

/// Keeps the head and the tail of an index payload as it is inflated, and counts the rest.
private struct IndexSectionCollector {
    let payloadSize: Int
    private(set) var layout: BundleIndex.Layout?
    private(set) var head: [UInt8] = []
    private(set) var tail: [UInt8] = []
    /// The payload bytes seen so far.
    private(set) var produced = 0

    init(payloadSize: Int) { self.payloadSize = payloadSize }

    mutating func take(_ bytes: UnsafeRawBufferPointer) throws {
        let start = produced
        produced += bytes.count
        guard produced <= payloadSize else {
            throw BundleIndex.damaged("the index inflates to more than its declared \(payloadSize) bytes")
        }
        // The header says how long the head is: keep its 32 bytes first, then the rest of the head.
        Self.keep(bytes, from: start, in: 0..<BundleIndex.headerSize, into: &head)
        if layout == nil, head.count == BundleIndex.headerSize {
            layout = try BundleIndex.Layout(header: head, payloadSize: payloadSize)
        }
        guard let layout else { return }
        Self.keep(bytes, from: start, in: BundleIndex.headerSize..<layout.headRange.upperBound, into: &head)
        Self.keep(bytes, from: start, in: layout.tailRange, into: &tail)
    }

    /// Appends the part of `bytes` (payload bytes from `start`) that falls in `wanted`.
    private static func keep(
        _ bytes: UnsafeRawBufferPointer, from start: Int, in wanted: Range<Int>, into kept: inout [UInt8]
    ) {
        let lower = max(start, wanted.lowerBound)
        let upper = min(start + bytes.count, wanted.upperBound)
        guard lower < upper else { return }
        kept.append(contentsOf: bytes[(lower - start)..<(upper - start)])
    }
}
