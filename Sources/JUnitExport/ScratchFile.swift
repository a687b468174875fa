import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A POSIX file the exporter appends to and, for spooled test cases, reads back by position.
final class ScratchFile {
    private let fd: Int32
    private let path: String
    private(set) var size: Int64 = 0
    private var isClosed = false

    /// Creates or truncates the file at `path`.
    init(creating path: String) throws {
        fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        self.path = path
        guard fd >= 0 else { throw Self.error("cannot create the file", path: path) }
    }

    /// Creates a file in `directory` that has no name from the start: nothing is left behind, however the
    /// process ends.
    init(anonymousIn directory: URL) throws {
        var template = Array(directory.appendingPathComponent("resultbundle-junit-XXXXXX").path.utf8CString)
        fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard fd >= 0 else { throw Self.error("cannot create a temporary file", path: path) }
        unlink(path)
    }

    deinit { if !isClosed { _ = systemClose(fd) } }

    /// Writes all of `bytes` at the end of the file.
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = pwrite(fd, bytes.baseAddress! + offset, bytes.count - offset, off_t(size))
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw Self.error("cannot write", path: path) }
            offset += written
            size += Int64(written)
        }
    }

    /// Fills `buffer` with the bytes at `position`; the file must hold them all.
    func read(into buffer: UnsafeMutableRawBufferPointer, at position: Int64) throws {
        var offset = 0
        while offset < buffer.count {
            let count = pread(fd, buffer.baseAddress! + offset, buffer.count - offset, off_t(position) + off_t(offset))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Self.error("cannot read back", path: path) }
            offset += count
        }
    }

    /// Closes the file, reporting a failed close (a full disk can show only here).
    func close() throws {
        guard !isClosed else { return }
        isClosed = true
        guard systemClose(fd) == 0 else { throw Self.error("cannot close", path: path) }
    }

    private static func error(_ what: String, path: String) -> JUnitExportError {
        JUnitExportError("\(what): \(String(cString: strerror(errno)))", file: path)
    }
}

private func systemClose(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.close(fd)
    #else
        Darwin.close(fd)
    #endif
}
