import Foundation
import ResultSupport

/// Every entry of the buckets ordered by place, kept for the JSON in a scratch file rather than in memory: each
/// entry as the bytes ``ComparisonText/json(_:)`` writes for it (encoded alone and indented to its depth), with its
/// test's place, so a comparison of runs where hundreds of thousands of tests changed writes its JSON as it goes
/// (``ComparisonText/writeJSON(_:_:)``). Slower and faster tests, ordered by their change, stay in the buckets.
/// Filled by one comparison, then only read: it is handed over with the ``Comparison``, not shared while written.
public final class SpilledJSONEntries: @unchecked Sendable {
    private struct Placed {
        var place: Int
        var order: Int
        var offset: Int64
        var count: Int
    }

    private let directory: URL
    private var spill: SpillFile?
    /// Each bucket's entries by key, in the order added until ``sort()``.
    private var placed: [String: [Placed]] = [:]
    private let encoder = ComparisonText.encoder
    /// Why an entry could not be kept, thrown when the entries are read.
    private var failure: (any Error)?

    init(directory: URL = FileManager.default.temporaryDirectory) {
        self.directory = directory
    }

    deinit { spill?.remove() }

    /// The bucket keys that hold entries here.
    var keys: Set<String> { Set(placed.keys) }

    /// Keeps `entry` of the bucket `key` for the test at `place` (`order`: entries of one place in the order added).
    /// A failure to keep it (the scratch file cannot be written) is kept and thrown when the entries are read: the
    /// comparison itself goes on, as the terminal table and the Markdown need none of this.
    func append(_ entry: Comparison.Entry, bucket key: String, place: Int, order: Int) {
        guard failure == nil else { return }
        do {
            let bytes = Self.indented(try encoder.encode(entry))
            let file = try spill ?? SpillFile(anonymousIn: directory, prefix: "resultbundle-compare-json")
            spill = file
            let offset = try bytes.withUnsafeBytes { try file.append($0) }
            placed[key, default: []].append(Placed(place: place, order: order, offset: offset, count: bytes.count))
        } catch {
            failure = error
        }
    }

    /// Puts each bucket in the order of its tests' places.
    func sort() {
        for key in placed.keys { placed[key]!.sort { ($0.place, $0.order) < ($1.place, $1.order) } }
    }

    /// Calls `body` with the bytes of each entry of the bucket `key`, in order.
    func forEachEntry(of key: String, _ body: ([UInt8]) throws -> Void) throws {
        if let failure { throw failure }
        guard let spill, let entries = placed[key] else { return }
        for entry in entries {
            let bytes = try [UInt8](unsafeUninitializedCapacity: entry.count) { buffer, initialized in
                initialized = try spill.read(into: UnsafeMutableRawBufferPointer(buffer), at: entry.offset)
            }
            guard bytes.count == entry.count else {
                throw SystemCallError(
                    "read the compared entries back (the scratch file ended early)", path: spill.path, number: EIO)
            }
            try body(bytes)
        }
    }

    /// An entry's pretty-printed JSON at the depth of a bucket's entries (six spaces; empty lines stay empty).
    static func indented(_ json: Data) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.count + json.count / 8)
        var lineStart = true
        for byte in json {
            if lineStart && byte != UInt8(ascii: "\n") { bytes.append(contentsOf: [UInt8](repeating: 0x20, count: 6)) }
            bytes.append(byte)
            lineStart = byte == UInt8(ascii: "\n")
        }
        return bytes
    }
}
