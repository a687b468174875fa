import Foundation
import ResultSupport

/// Reads source files under a root, never outside it: a path is resolved (symbolic links included) and must stay
/// inside the root. The one reader of source text for the report: the lines around an issue (``SourceExcerpt``)
/// and the annotated files of the coverage pages.
struct SourceFiles {
    /// The root, its symbolic links resolved once.
    let root: URL
    /// The largest file read, in bytes: a source file larger than this is not shown.
    var maxBytes = 4 << 20
    /// The root's real path, which every file read must lie under.
    private let rootPath: String

    init(root: URL, maxBytes: Int = 4 << 20) {
        self.root = root.resolvingSymlinksInPath().standardizedFileURL
        self.maxBytes = maxBytes
        rootPath = PathLookup.realPath(self.root.path) ?? self.root.path
    }

    /// The bytes of `path` under the root, or `nil` when it is not a readable file there no larger than
    /// ``maxBytes``. A relative path is taken under the root; with `matchingTails`, an absolute path (or one not
    /// found) is tried again without its leading components until a file under the root matches (a path recorded
    /// on another machine).
    func contents(of path: String, matchingTails: Bool) -> Data? {
        guard let resolved = resolve(path, matchingTails: matchingTails) else { return nil }
        // One `stat` of the resolved path, then one read: the coverage pages read thousands of sources.
        guard let entry = PathEntry(followingPath: resolved), entry.kind == .regularFile, entry.size <= maxBytes
        else { return nil }
        return FileManager.default.contents(atPath: resolved)
    }

    /// The real path of the file under the root that `path` names, following the rules of
    /// ``contents(of:matchingTails:)``. `realpath(3)` resolves every link in one call and fails for a path that
    /// does not exist.
    private func resolve(_ path: String, matchingTails: Bool) -> String? {
        var components = path.split(separator: "/").map(String.init)
        while !components.isEmpty {
            if let real = PathLookup.realPath(rootPath + "/" + components.joined(separator: "/")),
                real.hasPrefix(rootPath + "/")
            {
                return real
            }
            guard matchingTails else { return nil }
            components.removeFirst()
        }
        return nil
    }
}
