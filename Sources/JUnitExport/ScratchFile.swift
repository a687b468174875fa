import Foundation
import ResultSupport

/// A file the exporter appends to and, for spooled test cases, reads back by position: a `SpillFile` whose
/// failures are the exporter's errors.
final class ScratchFile {
    private let file: SpillFile
    /// The bytes appended so far.
    var size: Int64 { file.size }

    /// Creates or truncates the file at `path`.
    init(creating path: String) throws {
        do {
            file = try SpillFile(creating: path)
        } catch {
            throw Self.error("create the file", error)
        }
    }

    /// Creates a file in `directory` that has no name from the start: nothing is left behind, however the
    /// process ends.
    init(anonymousIn directory: URL) throws {
        do {
            file = try SpillFile(anonymousIn: directory, prefix: "resultbundle-junit")
        } catch {
            throw Self.error("create a temporary file", error)
        }
    }

    /// Writes all of `bytes` at the end of the file.
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        do {
            try file.append(bytes)
        } catch {
            throw Self.error("write", error)
        }
    }

    /// Fills `buffer` with the bytes at `position`; the file must hold them all.
    func read(into buffer: UnsafeMutableRawBufferPointer, at position: Int64) throws {
        let count: Int
        do {
            count = try file.read(into: buffer, at: position)
        } catch {
            throw Self.error("read back", error)
        }
        guard count == buffer.count else {
            throw JUnitExportError(.io, "cannot read back: the file is shorter than written", file: file.path)
        }
    }

    /// Closes the file, reporting a failed close (a full disk can show only here).
    func close() throws {
        do {
            try file.close()
        } catch {
            throw Self.error("close", error)
        }
    }

    /// `cannot WHAT: reason`, with the failed call as the cause.
    private static func error(_ what: String, _ cause: SystemCallError) -> JUnitExportError {
        JUnitExportError(.io, "cannot \(what): \(cause.reason)", file: cause.path, underlying: cause)
    }
}
