import Foundation
import ResultModel
import ResultSupport

/// The search terms of a report so far, each with the tests that have it, found by the term's UTF-8 bytes without
/// making a string: a run's terms come again and again (every test of a suite has the suite's), and hashing and
/// allocating a `String` for each was most of the search's cost. Open addressing with ``ResultModel/StableHash``.
struct SearchTermTable {
    /// The terms' bytes one after another, in the order first seen, and where each ends: one array, so that
    /// comparing a term found with a term kept retains no array of its own.
    private var termBytes: [UInt8] = []
    private var termEnds: [Int] = []
    private(set) var kinds: [SearchTerms.Kind] = []
    /// The tests of each term.
    var postings: [SearchPostings] = []
    private var hashes: [UInt64] = []
    private var buckets = [Int32](repeating: -1, count: 1024)

    /// The number of terms.
    var count: Int { termEnds.count }

    /// The text of term `index`.
    func term(_ index: Int) -> String {
        let start = index == 0 ? 0 : termEnds[index - 1]
        return String(decoding: termBytes[start..<termEnds[index]], as: UTF8.self)
    }

    /// The index of `term` of `kind`, added when new.
    /// - Complexity: O(length of `term`) on average.
    mutating func slot(_ term: UnsafeBufferPointer<UInt8>, kind: SearchTerms.Kind) -> Int {
        var stableHash = StableHash(seed: UInt64(kind.rawValue))
        stableHash.add(term)
        let hash = stableHash.value
        let mask = buckets.count - 1
        var index = Int(truncatingIfNeeded: hash ^ (hash >> 31)) & mask
        while buckets[index] >= 0 {
            let slot = Int(buckets[index])
            if hashes[slot] == hash, kinds[slot] == kind, hasBytes(of: slot, term) { return slot }
            index = (index + 1) & mask
        }
        termBytes.append(contentsOf: term)
        termEnds.append(termBytes.count)
        kinds.append(kind)
        hashes.append(hash)
        postings.append(SearchPostings())
        buckets[index] = Int32(count - 1)
        if count * 2 > buckets.count { grow() }
        return count - 1
    }

    /// Forgets every term, keeping the memory.
    mutating func removeAll() {
        termBytes.removeAll(keepingCapacity: true)
        termEnds.removeAll(keepingCapacity: true)
        kinds.removeAll(keepingCapacity: true)
        hashes.removeAll(keepingCapacity: true)
        postings.removeAll(keepingCapacity: true)
        for index in buckets.indices { buckets[index] = -1 }
    }

    private mutating func grow() {
        buckets = [Int32](repeating: -1, count: buckets.count * 2)
        let mask = buckets.count - 1
        for (slot, hash) in hashes.enumerated() {
            var index = Int(truncatingIfNeeded: hash ^ (hash >> 31)) & mask
            while buckets[index] >= 0 { index = (index + 1) & mask }
            buckets[index] = Int32(slot)
        }
    }

    private func hasBytes(of slot: Int, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = slot == 0 ? 0 : termEnds[slot - 1]
        guard termEnds[slot] - start == term.count else { return false }
        return termBytes.withUnsafeBufferPointer { stored in
            term.hasSameBytes(as: UnsafeBufferPointer(rebasing: stored[start..<termEnds[slot]]))
        }
    }
}
