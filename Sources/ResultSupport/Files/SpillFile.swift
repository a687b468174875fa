import Foundation

/// A file a module appends bytes to and reads back by position while it works: the report's spilled list rows and
/// search terms, the JUnit exporter's spooled test cases and its output. One owner of the descriptor: appends at
/// the end, positioned reads, an explicit close that reports a failed write, and removal.
package final class SpillFile {
    /// The file's path (for an anonymous file, the name it had for a moment), for errors.
    package let path: String
    private let file: POSIXFile
    /// The bytes appended so far.
    package private(set) var size: Int64 = 0
    private var isClosed = false
    private var isRemoved = false

    /// Creates or truncates the file at `path`; with `followingLinks` false a symbolic link there is refused.
    package init(creating path: String, mode: mode_t = 0o644, followingLinks: Bool = true) throws(SystemCallError) {
        self.path = path
        file = try POSIXFile.open(path, O_RDWR | O_CREAT | O_TRUNC | (followingLinks ? 0 : O_NOFOLLOW), mode: mode)
    }

    /// Creates a file in `directory`, named `PREFIX-XXXXXX` for a moment and then unnamed: nothing is left behind,
    /// however the process ends.
    package init(anonymousIn directory: URL, prefix: String) throws(SystemCallError) {
        var template = Array(directory.appendingPathComponent("\(prefix)-XXXXXX").path.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard descriptor >= 0 else { throw SystemCallError("create a temporary file", path: path) }
        file = POSIXFile(descriptor: descriptor, path: path)
        unlink(path)
    }

    deinit { if !isClosed { try? file.close() } }

    /// Writes all of `bytes` at the end of the file and returns where they start.
    @discardableResult
    package func append(_ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int64 {
        let start = size
        try file.write(bytes, at: start)
        size += Int64(bytes.count)
        return start
    }

    /// Reads up to `buffer.count` bytes at `position`; fewer only past the end of what was written.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at position: Int64) throws(SystemCallError) -> Int {
        try file.read(into: buffer, at: position)
    }

    /// Closes the file, reporting a failed close (a full disk can show only here).
    package func close() throws(SystemCallError) {
        guard !isClosed else { return }
        isClosed = true
        try file.close()
    }

    /// Closes the file and removes its name, once (a later file may have taken the name), ignoring failures: the
    /// file was scratch.
    package func remove() {
        guard !isRemoved else { return }
        isRemoved = true
        try? close()
        unlink(path)
    }
}
