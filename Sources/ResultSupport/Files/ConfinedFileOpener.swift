import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens files named by untrusted input only when they are regular files inside one folder, the root.
///
/// A path is relative to the root or absolute; either way the file that is opened must lie inside the root's real
/// path once every symbolic link is resolved. The steps, each refusing what it catches:
/// 1. the path, with `.` and `..` taken lexically, must lie inside the root (as given or as its real path): a
///    `../` escape or an absolute path elsewhere is refused without touching the file system;
/// 2. `realpath` of the path must lie inside the root's real path (a link, of the file or of any folder on the
///    way, pointing outside), and `stat` must find a regular file (no directory, FIFO, device or socket is
///    opened, so opening has no side effect and cannot block);
/// 3. the file is opened with `O_NONBLOCK` (a FIFO swapped in after step 2 cannot block) and `O_NOCTTY`, and
///    `fstat` of the opened descriptor must again say regular file;
/// 4. the opened file itself is checked, which closes the window between the checks and the `open`: on Linux the
///    kernel's name of the descriptor (`/proc/self/fd/N`) must lie inside the root's real path; where that is
///    unavailable, the path is resolved again and must name the same device and inode as the descriptor.
///
/// The descriptor is then read through ``OpenedFile/readablePath`` (the descriptor's own name), never through
/// the path again.
package struct ConfinedFileOpener {
    /// An open regular file inside the root.
    package struct OpenedFile {
        package let descriptor: Int32
        package let size: Int
        package let device: UInt64
        package let inode: UInt64
        package let modified: Int64
        package let modifiedNanoseconds: Int64

        /// A path that reads this descriptor's file: `/proc/self/fd/N` (Linux) or `/dev/fd/N`.
        package var readablePath: String {
            #if os(Linux)
                return "/proc/self/fd/\(descriptor)"
            #else
                return "/dev/fd/\(descriptor)"
            #endif
        }

        /// Closes the descriptor.
        package func close() {
            _ = SystemCalls.close(descriptor)
        }
    }

    /// Why a file was not opened.
    package enum Refusal: Error, Equatable {
        /// The path leads outside the root (lexically, or through a symbolic link).
        case outsideRoot
        /// No file at that path (or a link to nothing).
        case missing
        /// Not a regular file; says what it is (`a directory`, `a FIFO`, ...).
        case notRegularFile(String)
        /// The file exists but cannot be read; says why.
        case unreadable(String)
    }

    /// The root as given, absolute and lexically normalized.
    package let root: String
    /// The root's real path (symbolic links resolved); `nil` when it does not exist.
    package let realRoot: String?

    /// Creates an opener confined to `root`.
    package init(root: URL) {
        self.root = Self.lexicallyNormalized(root.path)
        realRoot = Self.realPath(of: self.root)
    }

    /// Opens `path` (relative to the root, or absolute) when it is a regular file inside the root.
    package func open(_ path: String) -> Result<OpenedFile, Refusal> {
        guard let realRoot, !path.isEmpty, !path.utf8.contains(0) else { return .failure(.missing) }
        let candidate = path.hasPrefix("/") ? path : root + "/" + path
        let lexical = Self.lexicallyNormalized(candidate)
        guard Self.isInside(lexical, realRoot) || Self.isInside(lexical, root) else { return .failure(.outsideRoot) }
        guard let real = Self.realPath(of: candidate) else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(Self.errorText()))
        }
        guard Self.isInside(real, realRoot) else { return .failure(.outsideRoot) }
        var status = stat()
        guard stat(real, &status) == 0 else {
            return .failure(errno == ENOENT ? .missing : .unreadable(Self.errorText()))
        }
        if let kind = Self.irregularKind(status.st_mode) { return .failure(.notRegularFile(kind)) }
        let descriptor = SystemCalls.open(real, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(errno == ENOENT ? .missing : .unreadable(Self.errorText()))
        }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else {
            let text = Self.errorText()
            _ = SystemCalls.close(descriptor)
            return .failure(.unreadable(text))
        }
        if let kind = Self.irregularKind(opened.st_mode) {
            _ = SystemCalls.close(descriptor)
            return .failure(.notRegularFile(kind))
        }
        guard isConfined(descriptor: descriptor, status: opened, candidate: candidate, realRoot: realRoot) else {
            _ = SystemCalls.close(descriptor)
            return .failure(.outsideRoot)
        }
        #if canImport(Darwin)
            let modified = (Int64(opened.st_mtimespec.tv_sec), Int64(opened.st_mtimespec.tv_nsec))
        #else
            let modified = (Int64(opened.st_mtim.tv_sec), Int64(opened.st_mtim.tv_nsec))
        #endif
        return .success(
            OpenedFile(
                descriptor: descriptor, size: Int(opened.st_size), device: UInt64(opened.st_dev),
                inode: UInt64(opened.st_ino), modified: modified.0, modifiedNanoseconds: modified.1))
    }

    /// Whether the opened file lies inside the root: by the kernel's name of the descriptor when there is one,
    /// else by resolving the path again and comparing device and inode.
    private func isConfined(descriptor: Int32, status: stat, candidate: String, realRoot: String) -> Bool {
        if let name = Self.descriptorPath(descriptor) { return Self.isInside(name, realRoot) }
        guard let again = Self.realPath(of: candidate), Self.isInside(again, realRoot) else { return false }
        var check = stat()
        return stat(again, &check) == 0 && check.st_dev == status.st_dev && check.st_ino == status.st_ino
    }

    /// The kernel's path of an open descriptor: `/proc/self/fd/N` on Linux, `F_GETPATH` on Darwin.
    private static func descriptorPath(_ descriptor: Int32) -> String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            let name = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return name.hasPrefix("/") ? name : nil
        #elseif canImport(Darwin)
            var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN) + 1)
            guard fcntl(descriptor, F_GETPATH, &buffer) == 0 else { return nil }
            return String(cString: buffer)
        #else
            return nil
        #endif
    }

    /// What a file that is not regular is, or `nil` for a regular file.
    private static func irregularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// `realpath(3)`; `nil` with `errno` set when the path cannot be resolved.
    package static func realPath(of path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is `folder` or lies below it (both absolute and normalized).
    package static func isInside(_ path: String, _ folder: String) -> Bool {
        if folder == "/" { return path.hasPrefix("/") }
        return path == folder || path.hasPrefix(folder + "/")
    }

    /// An absolute path with empty and `.` components removed and each `..` taking away the one before it (never
    /// above `/`), without looking at the file system.
    package static func lexicallyNormalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

/// The C library's `open` and `close`, which the opener's methods of the same names hide.
private enum SystemCalls {
    static func open(_ path: String, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
            return Glibc.open(path, flags)
        #else
            return Darwin.open(path, flags)
        #endif
    }

    static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
            return Glibc.close(descriptor)
        #else
            return Darwin.close(descriptor)
        #endif
    }
}
