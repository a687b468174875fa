import Foundation
import ResultSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A POSIX file descriptor with the few calls the bundle needs: whole writes, positioned reads and writes.
/// No buffering: what `write` returns from is in the kernel, which survives the process being killed.
final class FileDescriptor {
    let fd: Int32
    let path: String
    private var isClosed = false

    private init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit { if !isClosed { _ = systemClose(fd) } }

    /// Creates or truncates a file for writing (and reading back, for merges and checks).
    static func create(_ path: String) throws -> FileDescriptor {
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw systemError("cannot create", path: path) }
        return FileDescriptor(fd: fd, path: path)
    }

    /// Opens an existing file for reading.
    static func openForReading(_ path: String) throws -> FileDescriptor {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw systemError("cannot open", path: path) }
        return FileDescriptor(fd: fd, path: path)
    }

    /// Opens an existing regular file for reading. Anything else (a named pipe, a device, a folder) is refused
    /// before a read could wait forever for a writer or never reach an end: a bundle is a file.
    static func openRegularFile(_ path: String) throws -> FileDescriptor {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw systemError("cannot open", path: path) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let error = systemError("cannot stat", path: path)
            _ = systemClose(fd)
            throw error
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            _ = systemClose(fd)
            throw BundleError(
                .io, "not a regular file (\(Self.kind(of: info.st_mode))); a bundle is a file", path: path)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return FileDescriptor(fd: fd, path: path)
    }

    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "an unknown kind of file"
        }
    }

    /// The file's current size.
    func size() throws -> Int64 {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Self.systemError("cannot stat", path: path) }
        return Int64(info.st_size)
    }

    /// The calls, retried when interrupted (``ResultSupport/POSIXFile``).
    private var file: POSIXFile { POSIXFile(descriptor: fd, path: path) }

    /// Writes every byte at the current position.
    func writeAll(_ buffer: UnsafeRawBufferPointer) throws {
        do { try file.write(buffer) } catch { throw Self.bundleError(error) }
    }

    /// Writes every byte at the current position.
    func writeAll(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try writeAll($0) }
    }

    /// Writes every byte at `offset`, leaving the current position alone.
    func pwriteAll(_ bytes: [UInt8], at offset: Int64) throws {
        try bytes.withUnsafeBytes { buffer in
            do { try file.write(buffer, at: offset) } catch let error as SystemCallError {
                throw Self.bundleError(error)
            }
        }
    }

    /// Reads up to `count` bytes at `offset` into `buffer`; fewer only at the end of the file.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws -> Int {
        do { return try file.read(into: buffer, at: offset) } catch { throw Self.bundleError(error) }
    }

    /// Reads up to `count` bytes at `offset`; fewer only at the end of the file. The caller bounds `count`.
    func read(count: Int, at offset: Int64) throws -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = try bytes.withUnsafeMutableBytes { try read(into: $0, at: offset) }
        if got < count { bytes.removeLast(count - got) }
        return bytes
    }

    /// The current write position.
    func position() throws -> Int64 {
        let result = lseek(fd, 0, SEEK_CUR)
        guard result >= 0 else { throw Self.systemError("cannot seek", path: path) }
        return Int64(result)
    }

    /// Cuts the file at `length` and moves the position there.
    func truncate(at length: Int64) throws {
        guard ftruncate(fd, off_t(length)) == 0, lseek(fd, off_t(length), SEEK_SET) >= 0 else {
            throw Self.systemError("cannot truncate", path: path)
        }
    }

    /// Flushes the file to the storage device.
    func sync() throws {
        guard fsync(fd) == 0 else { throw Self.systemError("cannot sync", path: path) }
    }

    /// Closes the descriptor.
    func close() throws {
        guard !isClosed else { return }
        isClosed = true
        guard systemClose(fd) == 0 else { throw Self.systemError("cannot close", path: path) }
    }

    static func systemError(_ what: String, path: String) -> BundleError {
        bundleError(SystemCallError(String(what.dropFirst("cannot ".count)), path: path))
    }

    /// A failed call as the bundle's error: `cannot write the file: <reason>`, with the call as its cause.
    static func bundleError(_ error: SystemCallError) -> BundleError {
        BundleError(.io, "cannot \(error.operation) the file: \(error.reason)", path: error.path, underlying: error)
    }
}

private func systemClose(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.close(fd)
    #else
        Darwin.close(fd)
    #endif
}
