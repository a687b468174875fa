import Foundation
import ResultSupport

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

    deinit { if !isClosed { try? file.close() } }

    /// Creates or truncates a file for writing (and reading back, for merges and checks).
    static func create(_ path: String) throws -> FileDescriptor {
        do {
            return FileDescriptor(fd: try POSIXFile.open(path, O_RDWR | O_CREAT | O_TRUNC).descriptor, path: path)
        } catch {
            throw bundleError(SystemCallError("create", path: path, number: error.number))
        }
    }

    /// Opens an existing file for reading.
    static func openForReading(_ path: String) throws -> FileDescriptor {
        do {
            return FileDescriptor(fd: try POSIXFile.open(path, O_RDONLY).descriptor, path: path)
        } catch {
            throw bundleError(error)
        }
    }

    /// Opens an existing regular file for reading. Anything else (a named pipe, a device, a folder) is refused
    /// before a read could wait forever for a writer or never reach an end: a bundle is a file.
    static func openRegularFile(_ path: String) throws -> FileDescriptor {
        let file: POSIXFile
        let info: stat
        do {
            file = try POSIXFile.open(path, O_RDONLY | O_NONBLOCK)
        } catch {
            throw bundleError(error)
        }
        do {
            info = try file.status()
        } catch {
            try? file.close()
            throw bundleError(error)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            try? file.close()
            throw BundleError(
                .io, "not a regular file (\(Self.kind(of: info.st_mode))); a bundle is a file", path: path)
        }
        file.setNonBlocking(false)
        return FileDescriptor(fd: file.descriptor, path: path)
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
        do { return Int64(try file.status().st_size) } catch { throw Self.bundleError(error) }
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
        do { return try file.position() } catch { throw Self.bundleError(error) }
    }

    /// Cuts the file at `length` and moves the position there.
    func truncate(at length: Int64) throws {
        do { try file.truncate(at: length) } catch { throw Self.bundleError(error) }
    }

    /// Flushes the file to the storage device.
    func sync() throws {
        do { try file.sync() } catch { throw Self.bundleError(error) }
    }

    /// Closes the descriptor.
    func close() throws {
        guard !isClosed else { return }
        isClosed = true
        do { try file.close() } catch { throw Self.bundleError(error) }
    }

    /// A failed call as the bundle's error: `cannot write the file: <reason>`, with the call as its cause.
    static func bundleError(_ error: SystemCallError) -> BundleError {
        BundleError(.io, "cannot \(error.operation) the file: \(error.reason)", path: error.path, underlying: error)
    }
}
