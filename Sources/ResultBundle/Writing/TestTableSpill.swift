import Foundation
import ResultSupport

/// The writer's test table, kept flat however many tests a bundle holds: entries gather in memory up to
/// ``chunkCapacity``; a full chunk is sorted (by hash, then write order) and appended to an unnamed scratch file
/// beside the bundle as one sorted run. At close, a table that never spilled is sorted in memory as before; a
/// spilled one is merged from its runs, a few thousand entries of each in memory at a time.
///
/// Sorting by (hash, write order) gives the same table whichever way it is done: runs are in write order, so the
/// merge breaks ties between equal hashes by run, then by position in the run.
final class TestTableSpill {
    /// 1,048,576 entries (12 MiB): a bundle of up to about a million tests is written exactly as before.
    static let standardChunkCapacity = 1 << 20
    /// How many entries of each run the merge reads at a time.
    static let mergeBufferEntries = 4_096
    /// 65,536 entries (768 KiB) a part of the streamed index: a lookup inflates under a megabyte.
    static let standardEntriesPerPart = 1 << 16

    /// How many entries a chunk holds before it is sorted and spilled.
    let chunkCapacity: Int
    /// How many entries each part of the streamed index's test table holds.
    let entriesPerPart: Int
    /// Where the scratch file goes (the bundle's folder: the same disk, and no other folder need be writable).
    let directory: URL
    /// Every entry added so far.
    private(set) var count = 0
    /// The entries not yet spilled, in write order.
    private(set) var chunk: [BundleIndex.TestEntry] = []
    private var spill: SpillFile?
    /// The spilled runs: where each starts in the scratch file and how many entries it holds.
    private var runs: [(start: Int64, count: Int)] = []
    /// The sort keys of a chunk (hash, then position) and the sort's scratch space, 8 MiB each, kept from one
    /// spill to the next: fresh ones each time cost a page fault every 4 KiB, since an import gives large
    /// buffers back to the system when they are freed (docs/IMPORT.md).
    private var sortKeys: [UInt64] = []
    private var sortScratch: [UInt64] = []

    init(
        directory: URL, chunkCapacity: Int = standardChunkCapacity, entriesPerPart: Int = standardEntriesPerPart
    ) {
        self.directory = directory
        self.chunkCapacity = max(1, chunkCapacity)
        self.entriesPerPart = max(1, entriesPerPart)
    }

    deinit { spill?.remove() }

    /// Whether some entries are in the scratch file (the index is then written by streaming).
    var isSpilled: Bool { !runs.isEmpty }

    /// Adds an entry (entries come in write order).
    func append(_ entry: BundleIndex.TestEntry) throws {
        chunk.append(entry)
        count += 1
        if chunk.count >= chunkCapacity { try spillChunk() }
    }

    /// The entries of a table that never spilled, in write order.
    func takeInMemory() -> [BundleIndex.TestEntry] {
        precondition(!isSpilled, "a spilled test table is read with forEachSorted")
        defer { chunk = [] }
        return chunk
    }

    /// Calls `body` with every entry, ordered by hash and then write order, `pieceSize` entries at a time (the
    /// last piece may be shorter), as the 12-byte little-endian entries of the index's test table.
    func forEachSorted(pieceSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        if !chunk.isEmpty { try spillChunk() }
        // Nothing more is spilled: the merge needs none of the chunk's or the sort's memory.
        chunk = []
        sortKeys = []
        sortScratch = []
        guard let spill else { return }
        var readers = try runs.map { try RunReader(spill: spill, start: $0.start, count: $0.count) }
        var heap = MergeHeap()
        for (run, reader) in readers.enumerated() {
            if let head = reader.head { heap.push(hash: head.idHash, run: run) }
        }
        var piece = [UInt8](repeating: 0, count: pieceSize * BundleIndex.testEntrySize)
        var filled = 0
        while let run = heap.popFirst() {
            let entry = readers[run].head!
            piece.withUnsafeMutableBytes { BundleIndex.store(entry, in: $0, at: filled * BundleIndex.testEntrySize) }
            filled += 1
            if filled == pieceSize {
                try piece.withUnsafeBytes { try body($0) }
                filled = 0
            }
            if let next = try readers[run].advance() { heap.push(hash: next.idHash, run: run) }
        }
        if filled > 0 {
            try piece.withUnsafeBytes {
                try body(UnsafeRawBufferPointer(rebasing: $0[0..<filled * BundleIndex.testEntrySize]))
            }
        }
    }

    /// Removes the scratch file.
    func remove() {
        spill?.remove()
        spill = nil
    }

    /// Sorts the chunk and appends it to the scratch file as one run, ``mergeBufferEntries`` entries at a time.
    /// The order is ``BundleIndex/lookupOrder(of:)``'s.
    private func spillChunk() throws {
        precondition(chunk.count < Int(UInt32.max), "a chunk's positions fit in a sort key's low half")
        sortKeys.removeAll(keepingCapacity: true)
        for (position, entry) in chunk.enumerated() { sortKeys.append(UInt64(entry.idHash) << 32 | UInt64(position)) }
        if sortKeys.count < 4_096 {
            sortKeys.sort()
        } else {
            BundleIndex.sortByHighHalf(&sortKeys, scratch: &sortScratch)
        }
        let file = try spill ?? openSpill()
        spill = file
        var start: Int64?
        var piece = [UInt8](repeating: 0, count: Self.mergeBufferEntries * BundleIndex.testEntrySize)
        var filled = 0
        func writePiece() throws {
            let written = try piece.withUnsafeBytes {
                try appending(UnsafeRawBufferPointer(rebasing: $0[0..<filled * BundleIndex.testEntrySize]), to: file)
            }
            start = start ?? written
            filled = 0
        }
        for key in sortKeys {
            piece.withUnsafeMutableBytes {
                BundleIndex.store(chunk[Int(key & 0xFFFF_FFFF)], in: $0, at: filled * BundleIndex.testEntrySize)
            }
            filled += 1
            if filled == Self.mergeBufferEntries { try writePiece() }
        }
        if filled > 0 { try writePiece() }
        runs.append((start!, chunk.count))
        chunk.removeAll(keepingCapacity: true)
    }

    /// The scratch file, beside the bundle or, when that folder refuses it, in the system's temporary folder.
    private func openSpill() throws -> SpillFile {
        do {
            return try SpillFile(anonymousIn: directory, prefix: ".resultbundle-tests")
        } catch {
            do {
                return try SpillFile(anonymousIn: FileManager.default.temporaryDirectory, prefix: "resultbundle-tests")
            } catch {
                throw BundleError(.io, "\(error)", path: directory.path, underlying: error)
            }
        }
    }

    private func appending(_ bytes: UnsafeRawBufferPointer, to file: SpillFile) throws -> Int64 {
        do {
            return try file.append(bytes)
        } catch {
            throw BundleError(.io, "\(error)", path: file.path, underlying: error)
        }
    }
}

/// One sorted run of the scratch file, read a buffer at a time.
private struct RunReader {
    let spill: SpillFile
    private var next: Int64
    private var left: Int
    private var buffer: [BundleIndex.TestEntry] = []
    private var position = 0

    init(spill: SpillFile, start: Int64, count: Int) throws {
        self.spill = spill
        next = start
        left = count
        try refill()
    }

    /// The run's smallest entry not yet taken.
    var head: BundleIndex.TestEntry? { position < buffer.count ? buffer[position] : nil }

    /// Takes the head and returns the next one.
    mutating func advance() throws -> BundleIndex.TestEntry? {
        position += 1
        if position == buffer.count { try refill() }
        return head
    }

    private mutating func refill() throws {
        let take = min(left, TestTableSpill.mergeBufferEntries)
        var bytes = [UInt8](repeating: 0, count: take * BundleIndex.testEntrySize)
        let got = try bytes.withUnsafeMutableBytes { raw in
            do {
                return try spill.read(into: raw, at: next)
            } catch {
                throw BundleError(.io, "\(error)", path: spill.path, underlying: error)
            }
        }
        guard got == bytes.count else {
            throw BundleError(.io, "the test table's scratch file ended early", path: spill.path)
        }
        buffer = try BundleIndex.decodeTests(bytes[...], frameCount: Int(UInt32.max))
        position = 0
        left -= take
        next += Int64(bytes.count)
    }
}

/// A binary min-heap of the runs' heads, keyed by (hash, run): equal hashes come out in run order, which is
/// write order.
private struct MergeHeap {
    private var keys: [UInt64] = []

    mutating func push(hash: UInt32, run: Int) {
        keys.append(UInt64(hash) << 32 | UInt64(run))
        var child = keys.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard keys[child] < keys[parent] else { break }
            keys.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes the smallest key and returns its run.
    mutating func popFirst() -> Int? {
        guard let first = keys.first else { return nil }
        let last = keys.removeLast()
        if !keys.isEmpty {
            keys[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                guard left < keys.count else { break }
                let right = left + 1
                let smaller = right < keys.count && keys[right] < keys[left] ? right : left
                guard keys[smaller] < keys[parent] else { break }
                keys.swapAt(smaller, parent)
                parent = smaller
            }
        }
        return Int(first & 0xFFFF_FFFF)
    }
}
