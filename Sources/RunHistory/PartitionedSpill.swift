import Foundation
import ResultSupport

/// Entries of bytes spread over partitions and spilled to one unnamed scratch file beside the history: each
/// partition's entries are buffered, written as a chunk when the buffer fills, and read back a chunk at a time
/// in the order they were added. An entry is never split across chunks.
final class PartitionedSpill {
    /// How many bytes a partition buffers before it writes them.
    static let bufferBytes = 32 << 10
    let partitions: Int
    private let file: SpillFile
    private var buffers: [[UInt8]]
    private var chunks: [[(offset: Int64, count: Int)]]
    private let url: URL

    /// A spill of `partitions` partitions beside the history at `url`.
    init(partitions: Int, beside url: URL) throws {
        self.partitions = partitions
        self.url = url
        do {
            file = try SpillFile(anonymousIn: url.deletingLastPathComponent(), prefix: ".history-add")
        } catch {
            throw HistoryError(
                .io, "cannot create a scratch file beside the history: \(error.reason)", file: url.path,
                underlying: error)
        }
        buffers = Array(repeating: [], count: partitions)
        chunks = Array(repeating: [], count: partitions)
    }

    deinit { file.remove() }

    /// Adds an entry to `partition`: what `entry` appends to the partition's buffer.
    func add(to partition: Int, _ entry: (inout [UInt8]) -> Void) throws {
        entry(&buffers[partition])
        if buffers[partition].count >= Self.bufferBytes { try flush(partition) }
    }

    /// Writes every partition's buffer: before reading.
    func flush() throws {
        for partition in 0..<partitions where !buffers[partition].isEmpty { try flush(partition) }
    }

    private func flush(_ partition: Int) throws {
        do {
            let offset = try buffers[partition].withUnsafeBytes { try file.append($0) }
            chunks[partition].append((offset, buffers[partition].count))
        } catch {
            throw HistoryError(
                .io, "cannot write a scratch file: \(systemReason(error))", file: url.path, underlying: error)
        }
        buffers[partition].removeAll(keepingCapacity: true)
    }

    /// Calls `body` with each chunk of `partition`'s entries, in order.
    func forEachChunk(of partition: Int, _ body: ([UInt8]) throws -> Void) throws {
        for chunk in chunks[partition] {
            var bytes = [UInt8](repeating: 0, count: chunk.count)
            let read: Int
            do {
                read = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: chunk.offset) }
            } catch {
                throw HistoryError(
                    .io, "cannot read a scratch file: \(systemReason(error))", file: url.path, underlying: error)
            }
            guard read == chunk.count else {
                throw HistoryError(.io, "a scratch file ended early", file: url.path)
            }
            try body(bytes)
        }
    }

    /// The entries of `partition` that are a key and a number (``addKey(_:number:to:)``), in order.
    func forEachKey(of partition: Int, _ body: (String, Int) throws -> Void) throws {
        try forEachChunk(of: partition) { bytes in
            var cursor = 0
            while cursor < bytes.count {
                guard let length = bytes.readVarint(at: &cursor), length <= UInt64(bytes.count - cursor) else {
                    throw HistoryError(.io, "a scratch file does not read back as written", file: url.path)
                }
                let key = String(decoding: bytes[cursor..<(cursor + Int(length))], as: UTF8.self)
                cursor += Int(length)
                guard let number = bytes.readVarint(at: &cursor) else {
                    throw HistoryError(.io, "a scratch file does not read back as written", file: url.path)
                }
                try body(key, Int(number))
            }
        }
    }

    /// Adds `key` (its UTF-8 bytes) and `number` to `partition`.
    func addKey(_ key: some Collection<UInt8>, number: Int, to partition: Int) throws {
        try add(to: partition) { buffer in
            buffer.appendVarint(UInt64(key.count))
            buffer.append(contentsOf: key)
            buffer.appendVarint(UInt64(number))
        }
    }
}

/// What a failed system call says, for an error a closure rethrew untyped.
func systemReason(_ error: any Error) -> String { (error as? SystemCallError)?.reason ?? "\(error)" }
