import Dispatch

/// Compresses and writes record batches on a background thread while the writer encodes the next batch, so an
/// import uses both cores. Used with ``BundleWriter/FlushPolicy/batched(maxBytes:)`` only.
///
/// Ownership protocol (why `@unchecked Sendable` is sound): ``submit(_:)`` hands a buffer to the worker, and from
/// then until ``wait()`` returns the writer neither touches that buffer, the compressor, nor writes to the file.
/// `DispatchGroup.wait` orders the worker's writes before everything the writer does next.
final class BatchWorker: @unchecked Sendable {
    private let queue = DispatchQueue(label: "resultbundle.batch-writer")
    private let group = DispatchGroup()
    private let compressor: BatchCompressor
    private let file: FileDescriptor
    private var buffer: ByteBuffer?
    private var outcome: Result<Int, any Error>?

    init(file: FileDescriptor, compressor: BatchCompressor) {
        self.file = file
        self.compressor = compressor
    }

    /// Whether a batch is being compressed or written.
    var isBusy: Bool { buffer != nil }

    /// Starts compressing and writing `buffer` as a record batch frame at the end of the file.
    func submit(_ buffer: ByteBuffer) {
        precondition(self.buffer == nil, "submit while a batch is in flight")
        self.buffer = buffer
        outcome = nil
        queue.async(group: group) { [self] in
            outcome = Result {
                try self.buffer!.withUnsafeBytes { json in
                    try compressor.compress(json) { payload in
                        try FrameWriting.write(
                            .recordBatch, compressed: true, payload: payload,
                            uncompressedLength: json.count, to: file)
                    }
                }
            }
        }
    }

    /// Waits for the batch in flight, if any; returns its emptied buffer for reuse and the bytes it wrote.
    /// - Throws: the error the background write hit.
    func wait() throws -> (buffer: ByteBuffer, written: Int)? {
        guard let buffer else { return nil }
        group.wait()
        self.buffer = nil
        buffer.removeAll()
        let written = try outcome?.get() ?? 0
        return (buffer, written)
    }
}

/// Writing one frame (header, then payload) to a file.
enum FrameWriting {
    /// Writes the frame and returns the number of bytes written.
    static func write(
        _ type: FrameType, compressed: Bool, payload: UnsafeRawBufferPointer, uncompressedLength: Int,
        to file: FileDescriptor
    ) throws -> Int {
        var header = FrameHeader(
            type: type, compressed: compressed, storedLength: UInt32(payload.count),
            uncompressedLength: UInt32(uncompressedLength))
        header.checksum = header.checksum(payloadCRC: CRC32.update(0, payload), payloadLength: payload.count)
        try file.writeAll(header.encoded)
        try file.writeAll(payload)
        return FrameHeader.size + payload.count
    }
}
