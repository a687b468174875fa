import Foundation

extension POSIXFile {
    /// A new pipe (`pipe(2)`): what is written to `writeEnd` is read from `readEnd`. Neither end leaks into a
    /// program started later (`FD_CLOEXEC`); a program that should inherit one gets its own copy (`dup2`).
    package static func pipe() throws(SystemCallError) -> (readEnd: POSIXFile, writeEnd: POSIXFile) {
        var ends: [Int32] = [-1, -1]
        guard systemPipe(&ends) == 0 else { throw SystemCallError("create a pipe", path: nil, isWrite: false) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (POSIXFile(descriptor: ends[0], path: nil), POSIXFile(descriptor: ends[1], path: nil))
    }

    /// Whether a read would return at once (data, the end of the file or an error) rather than wait (`poll`).
    package var hasInput: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }
}

// The C library's `pipe`, under a name the method above does not shadow.
private func systemPipe(_ ends: inout [Int32]) -> Int32 { pipe(&ends) }
