/// A file written through a large buffer, so writing a big document makes few system calls.
final class BufferedOutputFile: XMLByteSink {
    /// The file's path, for messages.
    let path: String
    private let file: ScratchFile
    private var buffer: [UInt8] = []
    private let capacity: Int

    /// Creates or truncates the file at `path`.
    init(path: String, bufferSize: Int = 1 << 20) throws {
        self.path = path
        file = try ScratchFile(creating: path)
        capacity = bufferSize
        buffer.reserveCapacity(bufferSize)
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        if buffer.count + bytes.count > capacity { try flush() }
        if bytes.count >= capacity {
            try file.append(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Writes what is buffered and closes the file.
    func close() throws {
        try flush()
        try file.close()
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try file.append($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}
