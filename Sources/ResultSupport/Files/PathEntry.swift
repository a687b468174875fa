import Foundation

/// What is at a path, seen without following a final symlink (`lstat`).
package struct PathEntry {
    package enum Kind: Equatable, CustomStringConvertible {
        case regularFile, directory, symlink, characterDevice, blockDevice, fifo, socket, other

        package var description: String {
            switch self {
            case .regularFile: "a file"
            case .directory: "a folder"
            case .symlink: "a symlink"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .fifo: "a named pipe (FIFO)"
            case .socket: "a socket"
            case .other: "a special file"
            }
        }
    }

    package let kind: Kind
    package let device: UInt64
    package let inode: UInt64
    /// The size in bytes (of the link itself, for a symlink).
    package let size: Int64
    /// The last modification, in seconds since 1970.
    package let modified: TimeInterval

    /// What is at `url`, or nil when nothing is (or it cannot be seen).
    package init?(_ url: URL) {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regularFile
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFIFO: kind = .fifo
        case S_IFSOCK: kind = .socket
        default: kind = .other
        }
    }

    /// What `url` leads to, following symlinks (`stat`), or nil when it leads nowhere.
    package init?(following url: URL) {
        self.init(followingPath: url.path)
    }

    /// What `path` leads to, following symlinks (`stat`), or nil when it leads nowhere: for callers that hold a
    /// path, not a URL (thousands of source files, where making a URL of each costs more than the `stat`).
    package init?(followingPath path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// Whether both name the same file (hard links included).
    package func isSameFile(as other: PathEntry) -> Bool { device == other.device && inode == other.inode }
}
