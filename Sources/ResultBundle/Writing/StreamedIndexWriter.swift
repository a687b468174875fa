import CLibDeflate
import CZlib
import Dispatch
import Foundation

/// Writes an index frame's payload as independently inflatable parts, straight to the file, and notes each part
/// for the index directory: the zlib header, then each part's raw deflate data (all but the last ending with a
/// sync flush, none referring to an earlier part), then the Adler-32 of the whole payload.
///
/// Parts are compressed on every core a few at a time, as ``PartitionedDeflate`` does for an index in memory;
/// only those few parts' bytes are in memory at once.
struct StreamedIndexWriter {
    /// Index deflate level: level 1, as for an index compressed in memory.
    static let level: Int32 = 1

    private let file: FileDescriptor
    private let parallelParts: Int
    /// The parts given but not yet compressed, with the first test hash of each.
    private var waiting: [(bytes: [UInt8], firstHash: UInt32)] = []
    private var uncompressedLength: Int64 = 0
    private var adler = adler32(0, nil, 0)
    /// The stored payload's bytes written so far and their CRC-32.
    private(set) var storedLength: Int64 = 0
    private(set) var payloadCRC: UInt32 = 0
    private(set) var parts: [IndexDirectory.Part] = []

    /// Starts the payload at the file's current end (the caller has written the frame's header placeholder).
    init(file: FileDescriptor, parallelParts: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        self.file = file
        self.parallelParts = max(1, parallelParts)
        try write([0x78, 0x01])  // zlib header: deflate, 32 KiB window, level 1
    }

    /// Adds a part holding `bytes` of the payload; `firstHash` is the hash of its first test entry, if it has any.
    mutating func addPart(_ bytes: UnsafeRawBufferPointer, firstHash: UInt32 = 0) throws {
        waiting.append((Array(bytes), firstHash))
        if waiting.count == parallelParts { try compressWaiting(lastIsFinal: false) }
    }

    /// Adds the payload's last part, writes the Adler-32 and returns the stored payload's length.
    mutating func finish(lastPart bytes: [UInt8]) throws {
        waiting.append((bytes, 0))
        try compressWaiting(lastIsFinal: true)
        let checksum = UInt32(adler)
        try write([
            UInt8(checksum >> 24), UInt8(checksum >> 16 & 0xFF), UInt8(checksum >> 8 & 0xFF), UInt8(checksum & 0xFF),
        ])
    }

    /// Compresses the waiting parts at once and writes them in order.
    private mutating func compressWaiting(lastIsFinal: Bool) throws {
        let inputs = waiting.map(\.bytes)
        let results = PartOutputs(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { part in
            results.set(
                part,
                Result {
                    try inputs[part].withUnsafeBytes { bytes in
                        if lastIsFinal && part == inputs.count - 1 {
                            var output = [UInt8]()
                            let produced = try OneShotDeflater(level: Self.level).rawDeflate(of: bytes, into: &output)
                            return Array(output[0..<produced])
                        }
                        return try PartitionedDeflate.syncFlushedDeflate(bytes, level: Self.level)
                    }
                })
        }
        for (position, input) in waiting.enumerated() {
            let stored = try results.get(position)
            adler = input.bytes.withUnsafeBytes {
                adler32(adler, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count))
            }
            parts.append(
                IndexDirectory.Part(
                    uncompressedStart: uncompressedLength, uncompressedLength: UInt32(input.bytes.count),
                    storedStart: storedLength, storedLength: UInt32(stored.count), checksum: CRC32.checksum(stored),
                    firstHash: input.firstHash))
            uncompressedLength += Int64(input.bytes.count)
            try write(stored)
        }
        waiting.removeAll()
    }

    private mutating func write(_ bytes: [UInt8]) throws {
        try file.writeAll(bytes)
        payloadCRC = CRC32.checksum(bytes, seed: payloadCRC)
        storedLength += Int64(bytes.count)
    }
}

/// The compressed parts, each set by one thread and read after all have finished.
///
/// Why `@unchecked Sendable` is sound: every slot is written by exactly one iteration of `concurrentPerform`, under
/// the lock, and read only after `concurrentPerform` has returned.
private final class PartOutputs: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<[UInt8], any Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ part: Int, _ result: Result<[UInt8], any Error>) { lock.withLock { results[part] = result } }

    func get(_ part: Int) throws -> [UInt8] { try results[part]!.get() }
}
