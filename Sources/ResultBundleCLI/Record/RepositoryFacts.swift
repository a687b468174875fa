import ContentHashing
import Foundation
import ResultModel
import ResultSupport

/// What `record` notes about the repository it runs in: its top level (`vcs.root`, so reports show paths relative
/// to it and find the sources there), and, when the CI's variables did not give them, the commit and branch that
/// `git` reports (`vcs.commit`, `vcs.branch`: the `{commit}` of `--source-url` links).
enum RepositoryFacts {
    /// `tags` with `vcs.root`, `vcs.commit` and `vcs.branch` added where they are missing and can be found.
    static func adding(to tags: [NameValue], directory: String) -> [NameValue] {
        guard let root = SourcePaths.repositoryRoot(containing: directory) else { return tags }
        var tags = tags
        func has(_ name: String) -> Bool { tags.contains { $0.name == name } }
        if !has("vcs.root") { tags.append(NameValue(name: "vcs.root", value: root)) }
        if !has("vcs.commit"), let commit = git(["rev-parse", "HEAD"], in: root), commit.count >= 7 {
            tags.append(NameValue(name: "vcs.commit", value: commit))
        }
        if !has("vcs.branch"), let branch = git(["rev-parse", "--abbrev-ref", "HEAD"], in: root), branch != "HEAD" {
            tags.append(NameValue(name: "vcs.branch", value: branch))
        }
        return tags
    }

    /// The first line `git ARGUMENTS` prints in `folder`, or `nil` when git is missing or fails.
    static func git(_ arguments: [String], in folder: String) -> String? {
        ToolOutput.firstLine(["git", "-C", folder] + arguments)
    }

    /// Whether the git working tree holding `directory` has uncommitted changes (modified, staged or untracked
    /// files git does not ignore), and the SHA-256 of those changes: `git diff HEAD --binary`, then
    /// `git status --porcelain -z`, the first 64 MiB of each (docs/FORMAT.md). `nil` outside a repository or when
    /// git fails.
    static func uncommittedChanges(in directory: String) -> (isDirty: Bool, hash: String?)? {
        guard let root = SourcePaths.repositoryRoot(containing: directory) else { return nil }
        let limit = 64 << 20
        guard
            let status = ToolOutput.bytes(
                ["git", "-C", root, "status", "--porcelain", "-z", "--untracked-files=normal"], limit: limit)
        else { return nil }
        guard !status.isEmpty else { return (false, nil) }
        // A repository without a commit yet has no HEAD to compare with: the status alone then.
        let diff = ToolOutput.bytes(["git", "-C", root, "diff", "HEAD", "--binary"], limit: limit) ?? Data()
        return (true, ContentHash.sha256Hex(diff + status))
    }

    /// `record` with the working tree's uncommitted changes (``uncommittedChanges(in:)``) noted.
    static func noting(uncommittedChangesIn directory: String, on record: RunRecord) -> RunRecord {
        guard let changes = uncommittedChanges(in: directory) else { return record }
        var record = record
        record.hasUncommittedChanges = changes.isDirty
        record.uncommittedChangesHash = changes.hash
        return record
    }
}
