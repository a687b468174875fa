import Foundation

/// Writes bytes to a file descriptor completely, turning every failure into an error that names the output and
/// the system's reason (exit code 1), so a full disk or a closed pipe is never reported as success.
enum CheckedWrite {
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, named name: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(name)
            }
            offset += written
        }
    }

    static func write(_ data: Data, to descriptor: Int32, named name: String) throws {
        try data.withUnsafeBytes { try write($0, to: descriptor, named: name) }
    }

    /// Copies a whole file into `descriptor`.
    static func copy(_ file: URL, to descriptor: Int32, named name: String) throws {
        let source = open(file.path, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw CLIError("cannot read \(file.path): \(String(cString: strerror(errno)))") }
        defer { _ = systemClose(source) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CLIError("cannot read \(file.path): \(String(cString: strerror(errno)))", exitCode: 1)
            }
            if count == 0 { return }
            try buffer.withUnsafeBytes {
                try write(UnsafeRawBufferPointer(rebasing: $0[0..<count]), to: descriptor, named: name)
            }
        }
    }

    /// Creates (or truncates) a file of our own, such as the temporary file of an output, for writing.
    static func create(_ url: URL) throws -> Int32 {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(url.path) }
        return descriptor
    }

    /// Closes a descriptor opened for writing; a file system may report a failed write only here.
    static func close(_ descriptor: Int32, named name: String) throws {
        if systemClose(descriptor) != 0 && errno != EINTR { throw failure(name) }
    }

    static func failure(_ name: String) -> CLIError {
        CLIError("cannot write to \(name): \(String(cString: strerror(errno)))", exitCode: 1)
    }
}

// The C library's calls, under names the methods above do not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
