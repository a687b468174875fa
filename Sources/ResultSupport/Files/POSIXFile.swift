import CSystemShims
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A system call that failed: which, on what, and the system's error number. Modules keep it as the underlying
/// cause of their own errors.
package struct SystemCallError: PlacedError, Equatable {
    /// What was being done, as a verb phrase: `write`, `open`, `read`.
    package var operation: String
    /// The file or other object concerned, when there is one.
    package var path: String?
    /// `errno`.
    package var number: Int32
    /// Whether the call was changing a file (an `open` for writing counts), so that a command can tell a failed
    /// output (exit 1) from an unreadable input (exit 2).
    package var isWrite: Bool

    /// The calls that change files, by the first word of the operation (`create the file`).
    private static let writingOperations: Set = [
        "create", "write", "rename", "exchange", "sync", "close", "remove", "truncate",
    ]

    /// An error for the `errno` of the call that just failed.
    package init(_ operation: String, path: String?, number: Int32 = errno, isWrite: Bool? = nil) {
        self.operation = operation
        self.path = path
        self.number = number
        self.isWrite = isWrite ?? Self.writingOperations.contains(String(operation.prefix { $0 != " " }))
    }

    /// The operation, as the code.
    package var code: String { operation }
    /// `cannot write: No space left on device`; the path is the place.
    package var message: String { "cannot \(operation): \(reason)" }
    /// The file concerned.
    package var place: ErrorPlace { ErrorPlace(file: path) }
    /// A system call is where causes end.
    package var cause: (any Error & Sendable)? { nil }

    /// The system's sentence for ``number``.
    package var reason: String { String(cString: strerror(number)) }

    /// `cannot write PATH: No space left on device`: unlike a module's error, a failed call is mostly quoted inside
    /// another sentence, where the verb reads best first.
    package var description: String { "cannot \(operation)\(path.map { " \($0)" } ?? ""): \(reason)" }
}

/// A file descriptor and the few calls every module makes on one, each written once: whole writes, reads that
/// may return less, positioned reads and writes, all retried when a signal interrupts them (`EINTR`), and the
/// atomic exchange of two paths. It does not own the descriptor: ``close()`` is explicit.
package struct POSIXFile: Sendable {
    /// The descriptor.
    package let descriptor: Int32
    /// The path, for errors.
    package let path: String?

    /// A file for an open descriptor.
    package init(descriptor: Int32, path: String?) {
        self.descriptor = descriptor
        self.path = path
    }

    /// Opens `path` with `flags` (`O_CLOEXEC` is added) and `mode` for created files.
    package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws(SystemCallError) -> POSIXFile
    {
        let descriptor = retryingInterrupts { systemOpen(path, flags | O_CLOEXEC, mode) }
        guard descriptor >= 0 else {
            throw SystemCallError("open", path: path, isWrite: flags & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC) != 0)
        }
        return POSIXFile(descriptor: descriptor, path: path)
    }

    /// Creates a new file at `path` for writing, never through a symbolic link (`O_NOFOLLOW`): exclusively
    /// (`O_EXCL`), after removing a file already there.
    package static func createReplacing(_ path: String, mode: mode_t = 0o644) throws(SystemCallError) -> POSIXFile {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        var descriptor = retryingInterrupts { systemOpen(path, flags, mode) }
        if descriptor < 0, errno == EEXIST, unlink(path) == 0 {
            descriptor = retryingInterrupts { systemOpen(path, flags, mode) }
        }
        guard descriptor >= 0 else { throw SystemCallError("create", path: path) }
        return POSIXFile(descriptor: descriptor, path: path)
    }

    /// Removes the name `path` (`unlink`), ignoring a failure: for temporary names only.
    package static func remove(_ path: String) { _ = unlink(path) }

    /// Whether anything is at `path` (a dangling symbolic link is not).
    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Calls `call` again while it fails with `EINTR`; returns its last result.
    @inlinable
    package static func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }

    /// Writes every byte at the current position.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
        var done = 0
        while done < bytes.count {
            let written = Self.retryingInterrupts {
                systemWrite(descriptor, bytes.baseAddress! + done, bytes.count - done)
            }
            guard written >= 0 else { throw SystemCallError("write", path: path) }
            done += written
        }
    }

    /// Writes every byte at the current position.
    package func write(_ bytes: [UInt8]) throws(SystemCallError) {
        do {
            try bytes.withUnsafeBytes { try write($0) }
        } catch let error as SystemCallError {
            throw error
        } catch {
            preconditionFailure("write(_:) throws only SystemCallError")
        }
    }

    /// Writes every byte at `offset`, leaving the current position alone.
    package func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws(SystemCallError) {
        var done = 0
        while done < bytes.count {
            let written = Self.retryingInterrupts {
                pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            }
            guard written >= 0 else { throw SystemCallError("write", path: path) }
            done += written
        }
    }

    /// Reads what is there, up to `buffer.count` bytes, at the current position: 0 at the end of the file.
    package func readSome(into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
        let count = Self.retryingInterrupts { systemRead(descriptor, buffer.baseAddress, buffer.count) }
        guard count >= 0 else { throw SystemCallError("read", path: path) }
        return count
    }

    /// Reads up to `count` bytes from the current position: fewer only at the end of the file (a format's first
    /// bytes, read to detect it before the rest is streamed).
    package func readPrefix(upTo count: Int) throws(SystemCallError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            // `withUnsafeMutableBytes` rethrows untyped errors, so the read's outcome comes out as a value.
            let read = bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemCallError) -> Int in
                    try readSome(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<count]))
                }
            }
            let got = try read.get()
            if got == 0 { break }
            filled += got
        }
        bytes.removeLast(count - filled)
        return bytes
    }

    /// Reads `buffer.count` bytes at `offset`; fewer only at the end of the file.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(SystemCallError) -> Int {
        var done = 0
        while done < buffer.count {
            let count = Self.retryingInterrupts {
                pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            }
            guard count >= 0 else { throw SystemCallError("read", path: path) }
            if count == 0 { break }
            done += count
        }
        return done
    }

    /// Closes the descriptor. A file system may report a failed write only here; an interrupted close has closed
    /// the descriptor on Linux, so it is not retried.
    package func close() throws(SystemCallError) {
        if systemClose(descriptor) != 0 && errno != EINTR { throw SystemCallError("close", path: path) }
    }

    /// What the file system says of the open file (`fstat`).
    package func status() throws(SystemCallError) -> stat {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemCallError("stat", path: path) }
        return info
    }

    /// Turns `O_NONBLOCK` on or off.
    package func setNonBlocking(_ on: Bool) {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    /// The current position.
    package func position() throws(SystemCallError) -> Int64 {
        let result = lseek(descriptor, 0, SEEK_CUR)
        guard result >= 0 else { throw SystemCallError("seek", path: path) }
        return Int64(result)
    }

    /// Cuts the file at `length` and moves the position there.
    package func truncate(at length: Int64) throws(SystemCallError) {
        guard ftruncate(descriptor, off_t(length)) == 0, lseek(descriptor, off_t(length), SEEK_SET) >= 0 else {
            throw SystemCallError("truncate", path: path)
        }
    }

    /// Flushes the file to the storage device.
    package func sync() throws(SystemCallError) {
        guard fsync(descriptor) == 0 else { throw SystemCallError("sync", path: path) }
    }

    /// Renames `source` to `destination`, replacing what was there; the error names the destination.
    package static func rename(_ source: String, _ destination: String) throws(SystemCallError) {
        guard systemRename(source, destination) == 0 else { throw SystemCallError("rename", path: destination) }
    }

    /// Swaps the files at `first` and `second` atomically (Linux `renameat2` with `RENAME_EXCHANGE`). Throws with
    /// `ENOSYS` or `EINVAL` where the system or the file system cannot.
    package static func exchange(_ first: String, _ second: String) throws(SystemCallError) {
        guard rb_exchange_paths(first, second) == 0 else { throw SystemCallError("exchange", path: first) }
    }
}

// The C library's calls, under names the methods above do not shadow.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemRename(_ source: String, _ destination: String) -> Int32 { rename(source, destination) }
