/// The files a unified diff changes and the lines it adds to each: what diff coverage needs of a change.
public struct UnifiedDiff: Sendable, Hashable {
    /// The files, in the order the diff lists them.
    public var files: [ChangedFile]

    /// A diff of `files`.
    public init(files: [ChangedFile] = []) { self.files = files }
}

/// One file of a unified diff.
public struct ChangedFile: Sendable, Hashable {
    /// The path before the change, without the diff's `a/` prefix; `nil` for a new file (`/dev/null`).
    public var oldPath: String?
    /// The path after the change, without the diff's `b/` prefix; `nil` for a deleted file (`/dev/null`).
    public var newPath: String?
    /// Whether the diff says the file is binary (`Binary files ... differ`, `GIT binary patch`): no lines.
    public var isBinary: Bool
    /// The lines added or rewritten, numbered as in the new file, ascending, each once.
    public var addedLines: [UInt32]

    /// A file's change.
    public init(oldPath: String?, newPath: String?, isBinary: Bool = false, addedLines: [UInt32] = []) {
        self.oldPath = oldPath
        self.newPath = newPath
        self.isBinary = isBinary
        self.addedLines = addedLines
    }

    /// Whether the change creates the file.
    public var isNew: Bool { oldPath == nil && newPath != nil }
    /// Whether the change deletes the file.
    public var isDeleted: Bool { newPath == nil }
}
