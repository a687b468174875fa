import Foundation
import ResultModel

/// Where each test of a run goes in a history's table, worked out without holding the table or the run: both sides'
/// keys are spread over partitions on disk, and one partition at a time is held. The answer is written by test,
/// in buckets of consecutive tests (``resolutions``): the table place of a test the table has (under its key, or
/// under the key ``ResultModel/ModuleLessMatching`` pairs it with), or -1 for a key new to the table.
///
/// Keys are first spread by a hash of the whole key, which fills partitions evenly, and every test the table has
/// under its own key is placed. A test new to a table that is not empty may pair with a table key by the
/// module-less rule, which looks at ids that differ only in leading components: those tests are placed in a second
/// pass over only the keys whose last component (everything after the last `/`, which such ids share) is one a new
/// key has, spread by that last component.
struct HistoryKeyPlacement {
    /// For each bucket of `bucketSize` consecutive tests: (test offset in the bucket, place) entries, 8 bytes each.
    let resolutions: PartitionedSpill
    let bucketSize: Int
    /// How many tests are new to the table.
    var newCount = 0

    /// Thrown when the run holds a key twice, or the table does: the whole read handles those.
    struct NeedsWholeRead: Error {}

    /// A key's last component's bit in a filter of 2^24 bits (a bit set by another component only lets more keys
    /// into the second pass).
    private static let filterBits = 1 << 24

    /// Places the `testCount` tests whose keys `forEachRunKey` hands over in order (each with its test number)
    /// against the `tableCount` keys `forEachTableKey` hands over in table order, holding about `partitionEntries`
    /// keys at a time.
    static func place(
        testCount: Int, tableCount: Int, partitionEntries: Int, beside url: URL,
        forEachRunKey: ((ArraySlice<UInt8>, Int) throws -> Void) throws -> Void,
        forEachTableKey: ((ArraySlice<UInt8>, Int) throws -> Void) throws -> Void
    ) throws -> HistoryKeyPlacement {
        let partitions = max(1, min(4096, (testCount + tableCount) / max(1, partitionEntries) + 1))
        let bucketSize = max(1, partitionEntries)
        var placement = HistoryKeyPlacement(
            resolutions: try PartitionedSpill(
                partitions: max(1, (testCount + bucketSize - 1) / bucketSize), beside: url),
            bucketSize: bucketSize)
        var newLastComponents: [UInt64]?
        try placement.placeByWholeKey(
            partitions: partitions, beside: url, newLastComponents: &newLastComponents,
            forEachRunKey: forEachRunKey, forEachTableKey: forEachTableKey)
        if let filter = newLastComponents {
            try placement.placeModuleLess(
                partitions: partitions, beside: url, filter: filter, forEachRunKey: forEachRunKey,
                forEachTableKey: forEachTableKey)
        }
        try placement.resolutions.flush()
        return placement
    }

    /// FNV-1a of `bytes`: the same bytes land in the same partition on both sides.
    private static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    private static func lastComponent(_ key: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let slash = key.lastIndex(of: UInt8(ascii: "/")) else { return key }
        return key[(slash + 1)...]
    }

    private mutating func resolve(_ test: Int, _ place: Int) throws {
        let bucketSize = bucketSize
        try resolutions.add(to: test / bucketSize) { buffer in
            buffer.appendLittleEndian(UInt32(test % bucketSize))
            buffer.appendLittleEndian(Int32(place))
        }
    }

    /// The first pass: keys spread by their whole bytes; every test the table has under its key is placed, and so is
    /// every test when the table is empty. The other tests are left for ``placeModuleLess``: `newLastComponents`
    /// becomes a filter holding their keys' last components.
    private mutating func placeByWholeKey(
        partitions: Int, beside url: URL, newLastComponents: inout [UInt64]?,
        forEachRunKey: ((ArraySlice<UInt8>, Int) throws -> Void) throws -> Void,
        forEachTableKey: ((ArraySlice<UInt8>, Int) throws -> Void) throws -> Void
    ) throws {
        let runSide = try PartitionedSpill(partitions: partitions, beside: url)
        let tableSide = try PartitionedSpill(partitions: partitions, beside: url)
        var tableIsEmpty = true
        try forEachTableKey { key, place in
            tableIsEmpty = false
            try tableSide.addKey(key, number: place, to: Int(Self.hash(key) % UInt64(partitions)))
        }
        try forEachRunKey { key, test in
            try runSide.addKey(key, number: test, to: Int(Self.hash(key) % UInt64(partitions)))
        }
        try runSide.flush()
        try tableSide.flush()
        for index in 0..<partitions {
            var table: [String: Int] = [:]
            try tableSide.forEachKey(of: index) { key, place in
                guard table.updateValue(place, forKey: key) == nil else { throw NeedsWholeRead() }
            }
            // A table key a test took is marked (-2 - place), so a second test of the same key is found.
            var unmatchedKeys: Set<String> = []
            try runSide.forEachKey(of: index) { key, test in
                if let place = table[key] {
                    guard place >= 0 else { throw NeedsWholeRead() }
                    table[key] = -2 - place
                    try resolve(test, place)
                    return
                }
                guard unmatchedKeys.insert(key).inserted else { throw NeedsWholeRead() }
                if tableIsEmpty {
                    try resolve(test, -1)
                    newCount += 1
                } else {
                    if newLastComponents == nil {
                        newLastComponents = [UInt64](repeating: 0, count: Self.filterBits / 64)
                    }
                    let bit = Int(Self.hash(Self.lastComponent(Array(key.utf8)[...])) % UInt64(Self.filterBits))
                    newLastComponents![bit / 64] |= 1 << UInt64(bit % 64)
                }
            }
        }
    }

    /// The second pass: only the keys whose last component is in `filter`, spread by it; each test the table does
    /// not have under its own key is placed where the module-less rule pairs it, or at the table's end.
    private mutating func placeModuleLess(
        partitions: Int, beside url: URL, filter: [UInt64],
        forEachRunKey: ((ArraySlice<UInt8>, Int) throws -> Void) throws -> Void,
        forEachTableKey: ((ArraySlice<UInt8>, Int) throws -> Void) throws -> Void
    ) throws {
        func partition(_ key: ArraySlice<UInt8>) -> Int? {
            let hash = Self.hash(Self.lastComponent(key))
            let bit = Int(hash % UInt64(Self.filterBits))
            guard filter[bit / 64] & (1 << UInt64(bit % 64)) != 0 else { return nil }
            return Int(hash % UInt64(partitions))
        }
        let runSide = try PartitionedSpill(partitions: partitions, beside: url)
        let tableSide = try PartitionedSpill(partitions: partitions, beside: url)
        try forEachTableKey { key, place in
            if let index = partition(key) { try tableSide.addKey(key, number: place, to: index) }
        }
        try forEachRunKey { key, test in
            if let index = partition(key) { try runSide.addKey(key, number: test, to: index) }
        }
        try runSide.flush()
        try tableSide.flush()
        for index in 0..<partitions {
            var table: Set<String> = []
            try tableSide.forEachKey(of: index) { key, _ in table.insert(key) }
            var unmatched: [Int] = []
            try runSide.forEachKey(of: index) { key, test in
                if !table.contains(key) { unmatched.append(test) }
            }
            guard !unmatched.isEmpty else { continue }
            let counterparts = table.isEmpty ? [:] : try Self.moduleLessCounterparts(in: index, runSide, tableSide)
            for test in unmatched {
                if let place = counterparts[test] {
                    try resolve(test, place)
                } else {
                    try resolve(test, -1)
                    newCount += 1
                }
            }
        }
    }

    /// The table places of the partition's tests that ``ResultModel/ModuleLessMatching`` pairs with a table key,
    /// by test number: the rule applied to the partition's keys alone, which hold every id it looks at.
    private static func moduleLessCounterparts(
        in partition: Int, _ runSide: PartitionedSpill, _ tableSide: PartitionedSpill
    ) throws -> [Int: Int] {
        var tableKeys: [String] = []
        var places: [Int] = []
        try tableSide.forEachKey(of: partition) { key, place in
            tableKeys.append(key)
            places.append(place)
        }
        var runKeys: [String] = []
        var tests: [Int] = []
        try runSide.forEachKey(of: partition) { key, test in
            runKeys.append(key)
            tests.append(test)
        }
        var counterparts: [Int: Int] = [:]
        for pair in ModuleLessMatching.pairs(old: tableKeys, new: runKeys) {
            counterparts[tests[pair.new]] = places[pair.old]
        }
        return counterparts
    }

    /// The place of each of the `count` tests of bucket `bucket` (-1: new to the table), by the test's offset in
    /// the bucket.
    func places(inBucket bucket: Int, count: Int) throws -> [Int32] {
        var places = [Int32](repeating: -1, count: count)
        try resolutions.forEachChunk(of: bucket) { bytes in
            var cursor = 0
            while cursor + 8 <= bytes.count {
                let offset = Int(bytes.littleEndian(UInt32.self, at: cursor))
                places[offset] = bytes.littleEndian(Int32.self, at: cursor + 4)
                cursor += 8
            }
        }
        return places
    }
}
