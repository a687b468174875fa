import Foundation
import Testing
import _TestSupport

@testable import ResultBundle

/// The writer's test table past its in-memory chunk: sorted runs in a scratch file, merged at close into exactly the
/// table a sort in memory gives.
@Suite struct TestTableSpillTests {
    /// Entries in write order, with many equal hashes (as a merged bundle's repeated ids give).
    static func entries(count: Int, distinctHashes: UInt32) -> [BundleIndex.TestEntry] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { position in
            BundleIndex.TestEntry(
                idHash: UInt32.random(in: 0..<distinctHashes, using: &generator) &* 2_654_435_761,
                frameIndex: UInt32(position / 10), lineOffset: UInt32(position % 10 * 80))
        }
    }

    static func sortedInMemory(_ entries: [BundleIndex.TestEntry]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: entries.count * BundleIndex.testEntrySize)
        bytes.withUnsafeMutableBytes { table in
            for (rank, position) in BundleIndex.lookupOrder(of: entries).enumerated() {
                BundleIndex.store(entries[position], in: table, at: rank * BundleIndex.testEntrySize)
            }
        }
        return bytes
    }

    @Test(arguments: [(1, 1), (7, 5), (100, 64), (1_000, 4_096)])
    func theMergedRunsAreTheTableSortedInMemory(chunkCapacity: Int, pieceSize: Int) throws {
        let entries = Self.entries(count: 5_000, distinctHashes: 300)
        let table = TestTableSpill(
            directory: try TestPaths.makeTemporaryDirectory("test-table"), chunkCapacity: chunkCapacity)
        for entry in entries { try table.append(entry) }
        #expect(table.isSpilled && table.count == entries.count)
        var merged = [UInt8]()
        var pieces = 0
        try table.forEachSorted(pieceSize: pieceSize) { piece in
            merged += piece
            pieces += 1
        }
        #expect(merged == Self.sortedInMemory(entries))
        #expect(pieces == (entries.count + pieceSize - 1) / pieceSize)
        table.remove()
    }

    /// Chunks large enough for the radix sort, each run written in several pieces, the sort's memory kept from
    /// one run to the next.
    @Test func largeChunksMergeIntoTheTableSortedInMemory() throws {
        let entries = Self.entries(count: 25_000, distinctHashes: 20_000)
        let table = TestTableSpill(
            directory: try TestPaths.makeTemporaryDirectory("test-table"), chunkCapacity: 10_000)
        for entry in entries { try table.append(entry) }
        var merged = [UInt8]()
        try table.forEachSorted(pieceSize: 4_096) { merged += $0 }
        #expect(table.isSpilled && merged == Self.sortedInMemory(entries))
    }

    @Test func aTableWithinItsChunkStaysInMemory() throws {
        let entries = Self.entries(count: 99, distinctHashes: 50)
        let table = TestTableSpill(directory: try TestPaths.makeTemporaryDirectory("test-table"), chunkCapacity: 100)
        for entry in entries { try table.append(entry) }
        #expect(!table.isSpilled && table.takeInMemory() == entries)
    }

    @Test func aFolderThatRefusesTheScratchFileFallsBackToTheTemporaryFolder() throws {
        let missing = try TestPaths.makeTemporaryDirectory("test-table").appendingPathComponent("absent")
        let entries = Self.entries(count: 10, distinctHashes: 5)
        let table = TestTableSpill(directory: missing, chunkCapacity: 3)
        for entry in entries { try table.append(entry) }
        var merged = [UInt8]()
        try table.forEachSorted(pieceSize: 4) { merged += $0 }
        #expect(table.isSpilled && merged == Self.sortedInMemory(entries))
    }

    @Test func theScratchFileLeavesNothingBehind() throws {
        let folder = try TestPaths.makeTemporaryDirectory("test-table")
        let table = TestTableSpill(directory: folder, chunkCapacity: 3)
        for entry in Self.entries(count: 10, distinctHashes: 5) { try table.append(entry) }
        #expect(table.isSpilled)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
