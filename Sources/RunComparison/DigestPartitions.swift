import Foundation
import ResultModel
import ResultSupport

/// One run's digests kept on disk, split into partitions by a hash of the last two components of their test's id:
/// a test, its parameterized cases, the same test in the other run, and its counterpart recorded with or without
/// its module (``ResultModel/ModuleLessMatching`` adds or removes the first component only) all land in the same
/// partition, so two runs can be compared a partition at a time.
///
/// Each partition gathers its digests' bytes (``ResultModel/TestDigest/append(position:basis:to:)``) in a buffer,
/// appended to one unnamed scratch file when full; a run that fits in the buffers never touches the disk.
final class DigestPartitions {
    /// How a run is partitioned.
    struct Layout: Sendable {
        /// How many partitions.
        var count: Int
        /// The bytes a partition gathers before they go to the scratch file.
        var bufferBytes: Int

        /// 256 partitions of 24 KiB buffers (6 MiB a run): ten million tests make partitions of about 40,000
        /// tests, a few tens of megabytes once decoded.
        static let standard = Layout(count: 256, bufferBytes: 24 << 10)
    }

    let layout: Layout
    private let directory: URL
    private var buffers: [[UInt8]]
    /// The parts of each partition in the scratch file, in order: where each starts and how long it is.
    private var parts: [[(start: Int64, count: Int)]]
    private var spill: SpillFile?

    init(layout: Layout, directory: URL = FileManager.default.temporaryDirectory) {
        self.layout = Layout(count: max(1, layout.count), bufferBytes: max(1, layout.bufferBytes))
        self.directory = directory
        buffers = Array(repeating: [], count: self.layout.count)
        parts = Array(repeating: [], count: self.layout.count)
    }

    deinit { spill?.remove() }

    /// The partition of a test id (a digest's ``ResultModel/TestDigest/test``): by its last two components, which
    /// adding or removing a module leaves alone for an id of two components or more (`Module/Suite/test` and
    /// `Suite/test` both end `Suite/test`). The last component alone would do too, but suites often share test
    /// names (`testExample`, `test_parse`), and a partition of every suite's `testExample` holds a large share of a
    /// large run. An id of one component (whose counterpart `Suite/test` ends otherwise) is left to the comparison
    /// in memory (``isPartitionable(_:)``).
    func partition(of test: String) -> Int {
        var hasher = Hasher()
        hasher.combine(Self.lastTwoComponents(of: test))
        return Int(UInt(bitPattern: hasher.finalize()) % UInt(layout.count))
    }

    /// Whether a test id can be compared a partition at a time: it has two components or more.
    static func isPartitionable(_ test: String) -> Bool { test.utf8.contains(UInt8(ascii: "/")) }

    private static func lastTwoComponents(of test: String) -> Substring {
        let bytes = test.utf8
        guard let last = bytes.lastIndex(of: UInt8(ascii: "/")) else { return test[...] }
        guard let before = bytes[..<last].lastIndex(of: UInt8(ascii: "/")) else { return test[...] }
        return test[test.index(after: before)...]
    }

    /// Adds `digest`, the test at `position` of its run, with its wall-clock share's `basis`.
    func add(_ digest: TestDigest, position: Int, basis: SerialWallClockShares.Basis) throws {
        let partition = partition(of: digest.test)
        digest.append(position: position, basis: basis, to: &buffers[partition])
        if buffers[partition].count >= layout.bufferBytes { try flush(partition) }
    }

    /// The bytes of `partition`'s digests, in the order added.
    func bytes(of partition: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(parts[partition].reduce(0) { $0 + $1.count } + buffers[partition].count)
        for part in parts[partition] {
            guard let spill else { break }
            let chunk = try [UInt8](unsafeUninitializedCapacity: part.count) { buffer, initialized in
                initialized = try spill.read(into: UnsafeMutableRawBufferPointer(buffer), at: part.start)
            }
            guard chunk.count == part.count else {
                throw SystemCallError(
                    "read the compared digests back (the scratch file ended early)", path: spill.path, number: EIO)
            }
            bytes += chunk
        }
        return bytes + buffers[partition]
    }

    private func flush(_ partition: Int) throws {
        let file = try spill ?? openSpill()
        spill = file
        let start = try buffers[partition].withUnsafeBytes { try file.append($0) }
        parts[partition].append((start, buffers[partition].count))
        buffers[partition].removeAll(keepingCapacity: true)
    }

    private func openSpill() throws -> SpillFile {
        try SpillFile(anonymousIn: directory, prefix: "resultbundle-compare")
    }
}
