import Foundation
import ResultSupport

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
        guard fd >= 0 else { throw Self.error("create the file", path: path) }
    }

    /// Creates a file in `directory` that has no name from the start: nothing is left behind, however the
    /// process ends.
    init(anonymousIn directory: URL) throws {
        var template = Array(directory.appendingPathComponent("resultbundle-junit-XXXXXX").path.utf8CString)
        fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard fd >= 0 else { throw Self.error("create a temporary file", path: path) }
        unlink(path)
    }

    deinit { if !isClosed { _ = systemClose(fd) } }

    /// Writes all of `bytes` at the end of the file.
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        do {
            try POSIXFile(descriptor: fd, path: path).write(bytes, at: size)
        } catch {
            throw JUnitExportError(.io, "cannot write: \(error.reason)", file: path, underlying: error)
        }
        size += Int64(bytes.count)
    }

    /// Fills `buffer` with the bytes at `position`; the file must hold them all.
    func read(into buffer: UnsafeMutableRawBufferPointer, at position: Int64) throws {
        let count: Int
        do {
            count = try POSIXFile(descriptor: fd, path: path).read(into: buffer, at: position)
        } catch {
            throw JUnitExportError(.io, "cannot read back: \(error.reason)", file: path, underlying: error)
        }
        guard count == buffer.count else {
            throw JUnitExportError(.io, "cannot read back: the file is shorter than written", file: path)
        }
    }

    /// Closes the file, reporting a failed close (a full disk can show only here).
    func close() throws {
        guard !isClosed else { return }
        isClosed = true
        guard systemClose(fd) == 0 else { throw Self.error("close", path: path) }
    }

    private static func error(_ what: String, path: String) -> JUnitExportError {
        let cause = SystemCallError(what, path: path)
        return JUnitExportError(.io, "cannot \(what): \(cause.reason)", file: path, underlying: cause)
    }
}

private func systemClose(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.close(fd)
    #else
        Darwin.close(fd)
    #endif
}
