import Foundation
import ResultModel

/// Where each test of a run goes in a history's table, worked out without holding the table or the run: both sides'
/// keys are spread over partitions on disk, and one partition at a time is held. The answer is written by test,
/// in buckets of consecutive tests (``resolutions``): the table place of a test the table has (under its key, or
/// under the key ``ResultModel/ModuleLessMatching`` pairs it with), or -1 for a key new to the table.
///
/// Keys are first spread by a hash of the whole key, which fills partitions evenly. When some test is new to a
/// table that is not empty, its key may pair with a table key by the module-less rule, and the rule looks at ids
/// that differ only in leading components; so the placement is made again with keys spread by their last
/// component (everything after the last `/`), which such ids share.
struct HistoryKeyPlacement {
    /// For each bucket of `bucketSize` consecutive tests: (test offset in the bucket, place) entries, 8 bytes each.
    let resolutions: PartitionedSpill
    let bucketSize: Int
    /// How many tests are new to the table.
    var newCount = 0

    /// Thrown when the run holds a key twice, or the table does: the whole read handles those.
    struct NeedsWholeRead: Error {}

    /// Places the `testCount` tests whose keys `forEachRunKey` hands over in order (each with its test number)
    /// against the `tableCount` keys `forEachTableKey` hands over in table order, holding about `partitionEntries`
    /// keys at a time.
    static func place(
        testCount: Int, tableCount: Int, partitionEntries: Int, beside url: URL,
        forEachRunKey: ((ArraySlice<UInt8>, Int) throws -> Void) throws -> Void,
        forEachTableKey: ((ArraySlice<UInt8>, Int) throws -> Void) throws -> Void
    ) throws -> HistoryKeyPlacement {
        let partitions = max(1, min(4096, (testCount + tableCount) / max(1, partitionEntries) + 1))
        if let placement = try place(
            testCount: testCount, partitions: partitions, bucketSize: max(1, partitionEntries), beside: url,
            byLastComponent: false, forEachRunKey: forEachRunKey, forEachTableKey: forEachTableKey)
        {
            return placement
        }
        return try place(
            testCount: testCount, partitions: partitions, bucketSize: max(1, partitionEntries), beside: url,
            byLastComponent: true, forEachRunKey: forEachRunKey, forEachTableKey: forEachTableKey)!
    }

    /// One placement; nil when it was made `byLastComponent: false` and a new key meets a table that is not empty.
    private static func place(
        testCount: Int, partitions: Int, bucketSize: Int, beside url: URL, byLastComponent: Bool,
        forEachRunKey: ((ArraySlice<UInt8>, Int) throws -> Void) throws -> Void,
        forEachTableKey: ((ArraySlice<UInt8>, Int) throws -> Void) throws -> Void
    ) throws -> HistoryKeyPlacement? {
        func partition(_ key: ArraySlice<UInt8>) -> Int {
            var start = key.startIndex
            if byLastComponent, let slash = key.lastIndex(of: UInt8(ascii: "/")) { start = slash + 1 }
            // FNV-1a: the same bytes land in the same partition on both sides.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in key[start...] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return Int(hash % UInt64(partitions))
        }
        let runSide = try PartitionedSpill(partitions: partitions, beside: url)
        let tableSide = try PartitionedSpill(partitions: partitions, beside: url)
        var tableIsEmpty = true
        try forEachTableKey { key, place in
            tableIsEmpty = false
            try tableSide.addKey(key, number: place, to: partition(key))
        }
        try forEachRunKey { key, test in try runSide.addKey(key, number: test, to: partition(key)) }
        try runSide.flush()
        try tableSide.flush()
        var placement = HistoryKeyPlacement(
            resolutions: try PartitionedSpill(
                partitions: max(1, (testCount + bucketSize - 1) / bucketSize), beside: url),
            bucketSize: bucketSize)
        func resolve(_ test: Int, _ place: Int) throws {
            try placement.resolutions.add(to: test / bucketSize) { buffer in
                buffer.appendLittleEndian(UInt32(test % bucketSize))
                buffer.appendLittleEndian(Int32(place))
            }
        }
        for index in 0..<partitions {
            var table: [String: Int] = [:]
            try tableSide.forEachKey(of: index) { key, place in
                guard table.updateValue(place, forKey: key) == nil else { throw NeedsWholeRead() }
            }
            // A table key a test took is marked (-2 - place), so a second test of the same key is found.
            var unmatched: [Int] = []
            var unmatchedKeys: Set<String> = []
            try runSide.forEachKey(of: index) { key, test in
                if let place = table[key] {
                    guard place >= 0 else { throw NeedsWholeRead() }
                    table[key] = -2 - place
                    try resolve(test, place)
                } else {
                    guard unmatchedKeys.insert(key).inserted else { throw NeedsWholeRead() }
                    unmatched.append(test)
                }
            }
            guard !unmatched.isEmpty else { continue }
            var counterparts: [Int: Int] = [:]
            if !tableIsEmpty {
                guard byLastComponent else { return nil }
                if !table.isEmpty { counterparts = try moduleLessCounterparts(in: index, runSide, tableSide) }
            }
            for test in unmatched {
                if let place = counterparts[test] {
                    try resolve(test, place)
                } else {
                    try resolve(test, -1)
                    placement.newCount += 1
                }
            }
        }
        try placement.resolutions.flush()
        return placement
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
