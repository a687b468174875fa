import Foundation

/// How recorded source paths become the paths people and CI systems want: relative to the repository root. The one
/// home of that rule: the report, the JUnit export, the summary and the annotations all show paths through it.
///
/// An absolute path under the root becomes relative to it. A relative path is first resolved against the run's
/// working directory when the run recorded one, and is otherwise taken to be relative to the root already. A path
/// outside the root keeps its recorded (absolute) form for GitHub and Azure Pipelines, and gets a relative form
/// with `..` steps for GitLab, which takes only relative paths. Without a root, paths stay as recorded.
package struct SourcePaths: Sendable, Hashable {
    /// A resolved path in both its forms.
    package struct Resolved: Sendable, Hashable {
        /// Relative to the root when under it, otherwise as recorded (absolute when it could be made absolute).
        package var path: String
        /// Relative to the root, with `..` steps when outside it.
        package var relativePath: String
        /// Whether the file lies outside the root.
        package var isOutsideRoot: Bool
    }

    /// The repository root, an absolute path; `nil` leaves paths as recorded.
    package var root: String?

    /// Creates the mapping for `root` (an absolute path, or `nil`).
    package init(root: String?) {
        self.root = root.map { Self.normalized($0) }
    }

    /// `file` as recorded by a run whose working directory was `workingDirectory`.
    package func resolve(_ file: String, workingDirectory: String? = nil) -> Resolved {
        guard let root else { return Resolved(path: file, relativePath: file, isOutsideRoot: false) }
        var absolute: String?
        if file.hasPrefix("/") {
            absolute = Self.normalized(file)
        } else if let workingDirectory, workingDirectory.hasPrefix("/") {
            absolute = Self.normalized(workingDirectory + "/" + file)
        }
        guard let absolute else {
            let relative = Self.normalized(file)
            let outside = relative == ".." || relative.hasPrefix("../")
            return Resolved(path: relative, relativePath: relative, isOutsideRoot: outside)
        }
        let rootParts = Self.components(root)
        let parts = Self.components(absolute)
        if parts.starts(with: rootParts) {
            let relative = parts.dropFirst(rootParts.count).joined(separator: "/")
            return Resolved(path: relative, relativePath: relative, isOutsideRoot: false)
        }
        let shared = zip(rootParts, parts).prefix { $0 == $1 }.count
        let steps = Array(repeating: "..", count: rootParts.count - shared) + parts.dropFirst(shared)
        return Resolved(path: absolute, relativePath: steps.joined(separator: "/"), isOutsideRoot: true)
    }

    /// `path` with `.` and empty components removed and `name/..` pairs folded; an absolute path stays absolute
    /// (`..` above `/` is dropped), a relative one keeps its leading `..` steps.
    static func normalized(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var kept: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if let last = kept.last, last != ".." {
                    kept.removeLast()
                } else if !isAbsolute {
                    kept.append(part)
                }
                continue
            }
            kept.append(part)
        }
        let joined = kept.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    private static func components(_ absolute: String) -> [Substring] {
        absolute.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// The nearest folder at or above `folder` holding `.git` (a folder, or a file in a linked work tree): the
    /// repository's top level, found without running git.
    package static func repositoryRoot(containing folder: String) -> String? {
        guard folder.hasPrefix("/") else { return nil }
        var url = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(".git").path) { return url.path }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    /// The root a run's paths are shown relative to: `explicit` (an option such as `--source-root`), else the
    /// repository root the run recorded (`vcs.root`), else the repository around its working directory when that
    /// folder is on this machine, else the working directory itself; `nil` when there is none of these.
    package static func root(explicit: String?, recordedRoot: String?, workingDirectory: String?) -> String? {
        if let explicit { return normalized(explicit) }
        if let recordedRoot, recordedRoot.hasPrefix("/") { return normalized(recordedRoot) }
        guard let workingDirectory, workingDirectory.hasPrefix("/") else { return nil }
        return repositoryRoot(containing: workingDirectory) ?? normalized(workingDirectory)
    }
}
