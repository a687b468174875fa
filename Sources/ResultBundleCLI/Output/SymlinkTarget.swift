import Foundation
import ResultSupport

/// Where a symlink leads, resolved the way the kernel would, including a target that does not exist yet.
enum SymlinkTarget {
    /// The absolute, symlink-free path a link leads to, or nil for a loop or a link that cannot be read.
    static func resolve(_ link: URL) -> URL? {
        if let real = PathLookup.realPath(link.path) { return URL(fileURLWithPath: real) }
        // A dangling link: resolve the folder of its final target, which must exist; the name is kept.
        var current = link
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else {
                return nil
            }
            let next =
                destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination)
                : current.deletingLastPathComponent().appendingPathComponent(destination)
            guard PathEntry(next)?.kind == .symlink else {
                guard let folder = PathLookup.realPath(next.deletingLastPathComponent().path) else { return nil }
                return URL(fileURLWithPath: folder).appendingPathComponent(next.lastPathComponent)
            }
            current = next
        }
        return nil
    }

    /// The link's own folder, with symlinks resolved.
    static func realFolder(of link: URL) -> URL {
        let folder = link.deletingLastPathComponent()
        return URL(fileURLWithPath: PathLookup.realPath(folder.path) ?? folder.path)
    }
}
