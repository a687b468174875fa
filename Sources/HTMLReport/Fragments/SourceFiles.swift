import Foundation

/// Reads source files under a root, never outside it: a path is resolved (symbolic links included) and must stay
/// inside the root. The one reader of source text for the report: the lines around an issue (``SourceExcerpt``)
/// and the annotated files of the coverage pages.
struct SourceFiles {
    /// The root, its symbolic links resolved once.
    let root: URL
    /// The largest file read, in bytes: a source file larger than this is not shown.
    var maxBytes = 4 << 20

    init(root: URL, maxBytes: Int = 4 << 20) {
        self.root = root.resolvingSymlinksInPath().standardizedFileURL
        self.maxBytes = maxBytes
    }

    /// The bytes of `path` under the root, or `nil` when it is not a readable file there no larger than
    /// ``maxBytes``. A relative path is taken under the root; with `matchingTails`, an absolute path (or one not
    /// found) is tried again without its leading components until a file under the root matches (a path recorded
    /// on another machine).
    func contents(of path: String, matchingTails: Bool) -> Data? {
        guard let url = resolve(path, matchingTails: matchingTails) else { return nil }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= maxBytes
        else { return nil }
        return FileManager.default.contents(atPath: url.path)
    }

    /// The file under the root that `path` names, following the rules of ``contents(of:matchingTails:)``.
    private func resolve(_ path: String, matchingTails: Bool) -> URL? {
        var components = path.split(separator: "/").map(String.init)
        while !components.isEmpty {
            let candidate = root.appendingPathComponent(components.joined(separator: "/")).resolvingSymlinksInPath()
                .standardizedFileURL
            if candidate.path.hasPrefix(root.path + "/"), FileManager.default.fileExists(atPath: candidate.path) {
                return candidate
            }
            guard matchingTails else { return nil }
            components.removeFirst()
        }
        return nil
    }
}
