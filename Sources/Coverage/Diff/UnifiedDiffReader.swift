import ResultImport
import ResultSupport

/// Reads a unified diff one line at a time: git's (`diff --git` with its extended headers: new, deleted, renamed,
/// copied and binary files, quoted names, with or without `a/` `b/` prefixes) and plain `diff -u` output, with
/// any number of context lines. Only the added lines are kept, numbered as in the new file.
///
/// Text outside a file's section (a commit message, `index` lines, anything unknown) is skipped. A hunk that
/// ends before its header's line counts say, or a malformed hunk header, is an error with its line.
public struct UnifiedDiffReader {
    /// What the input is called in errors.
    public let fileName: String
    private var files: [ChangedFile] = []
    private var current: FileState?
    /// The lines of the hunk being read still to come, and the new file's number of the next line.
    private var hunk: (oldLeft: Int, newLeft: Int, newLine: UInt32, headerLine: Int)?
    /// The path of a `--- ` line, until the `+++ ` line that must follow it.
    private var pendingOldPath: (path: String?, line: Int)?

    /// What is known of the file being read.
    private struct FileState {
        var file = ChangedFile(oldPath: nil, newPath: nil)
        /// The names of `diff --git`, prefixes kept, when the line could be split.
        var gitNames: (old: String, new: String)?
        var isGit = false
        var sawHeaderPaths = false
        var isNewFile = false
        var isDeletedFile = false
        var renamedFrom: String?
        var renamedTo: String?
    }

    /// A reader of the diff called `fileName` in errors.
    public init(fileName: String) { self.fileName = fileName }

    /// Reads the diff whose lines `bytes` holds.
    public static func read(_ bytes: [UInt8], fileName: String) throws -> UnifiedDiff {
        var reader = UnifiedDiffReader(fileName: fileName)
        var number = 0
        try bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = buffer[start...].firstIndex(of: 10) ?? buffer.count
                number += 1
                try reader.read(UnsafeBufferPointer(rebasing: buffer[start..<end]), lineNumber: number)
                start = end + 1
            }
        }
        return try reader.finish()
    }

    /// Reads the diff that the file descriptor `descriptor` delivers, a line at a time.
    public static func read(descriptor: Int32, fileName: String) throws -> UnifiedDiff {
        var reader = UnifiedDiffReader(fileName: fileName)
        try ImportInput.stream(descriptor: descriptor, prefix: []).forEachLine(fileName: fileName) { line in
            try reader.read(line.bytes, lineNumber: line.number)
        }
        return try reader.finish()
    }

    /// Reads one line, without its line feed.
    public mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, lineNumber: Int) throws {
        if var hunk {
            try readHunkLine(bytes, into: &hunk, lineNumber: lineNumber)
            self.hunk = hunk.oldLeft > 0 || hunk.newLeft > 0 ? hunk : nil
            return
        }
        let text = Substring(String(decoding: bytes, as: UTF8.self))
        let line = text.hasSuffix("\r") ? text.dropLast() : text
        let pending = pendingOldPath
        pendingOldPath = nil
        if line.hasPrefix("diff --git ") {
            finishFile()
            var state = FileState()
            state.isGit = true
            state.gitNames = try path(lineNumber) { try DiffPathText.gitHeaderPaths(line.dropFirst(11)) }
            current = state
        } else if line.hasPrefix("diff --cc ") || line.hasPrefix("diff --combined ") {
            throw failure("combined diffs of merges (\(line.prefix { $0 != " " }) --cc) are not read", lineNumber)
        } else if line.hasPrefix("--- ") {
            pendingOldPath = (try path(lineNumber) { try DiffPathText.headerPath(line.dropFirst(4)) }, lineNumber)
        } else if line.hasPrefix("+++ "), let pending {
            let newPath = try path(lineNumber) { try DiffPathText.headerPath(line.dropFirst(4)) }
            if current == nil || current?.sawHeaderPaths == true || current?.isGit == false {
                finishFile()
                current = FileState()
            }
            current?.sawHeaderPaths = true
            current?.file.oldPath = pending.path
            current?.file.newPath = newPath
        } else if line.hasPrefix("@@ ") {
            guard current?.sawHeaderPaths == true || current?.isGit == true else {
                throw failure("a hunk (@@) before any file's ---/+++ lines", lineNumber)
            }
            hunk = try hunkHeader(line, lineNumber)
            if let started = hunk, started.oldLeft == 0 && started.newLeft == 0 { hunk = nil }
        } else if current?.isGit == true {
            readGitHeader(line)
        }
    }

    /// The diff read; an input that ends inside a hunk is an error.
    public mutating func finish() throws -> UnifiedDiff {
        if let hunk {
            throw failure(
                "the input ends inside the hunk of line \(hunk.headerLine): \(hunk.oldLeft) old and "
                    + "\(hunk.newLeft) new lines were still to come", nil)
        }
        finishFile()
        return UnifiedDiff(files: files)
    }

    // MARK: Hunks

    private mutating func readHunkLine(
        _ bytes: UnsafeBufferPointer<UInt8>,
        into hunk: inout (oldLeft: Int, newLeft: Int, newLine: UInt32, headerLine: Int), lineNumber: Int
    ) throws {
        // An empty line is a context line whose space an editor or mailer trimmed (GNU patch reads it so too).
        let marker = bytes.first ?? UInt8(ascii: " ")
        switch marker {
        case UInt8(ascii: " "):
            guard hunk.oldLeft > 0, hunk.newLeft > 0 else { throw shortHunk(hunk, lineNumber) }
            hunk.oldLeft -= 1
            hunk.newLeft -= 1
            hunk.newLine &+= 1
        case UInt8(ascii: "-"):
            guard hunk.oldLeft > 0 else { throw shortHunk(hunk, lineNumber) }
            hunk.oldLeft -= 1
        case UInt8(ascii: "+"):
            guard hunk.newLeft > 0 else { throw shortHunk(hunk, lineNumber) }
            current?.file.addedLines.append(hunk.newLine)
            hunk.newLeft -= 1
            hunk.newLine &+= 1
        case UInt8(ascii: "\\"): break  // "\ No newline at end of file"
        default: throw shortHunk(hunk, lineNumber)
        }
    }

    private func shortHunk(_ hunk: (oldLeft: Int, newLeft: Int, newLine: UInt32, headerLine: Int), _ line: Int)
        -> CoverageError
    {
        failure(
            "the hunk of line \(hunk.headerLine) ends early: \(hunk.oldLeft) old and \(hunk.newLeft) new lines "
                + "were still to come", line)
    }

    /// `@@ -start[,count] +start[,count] @@ ...`.
    private func hunkHeader(_ line: Substring, _ lineNumber: Int) throws -> (
        oldLeft: Int, newLeft: Int, newLine: UInt32, headerLine: Int
    ) {
        let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count >= 4, fields[3].hasPrefix("@@"), fields[1].hasPrefix("-"), fields[2].hasPrefix("+"),
            let old = Self.range(fields[1].dropFirst()), let new = Self.range(fields[2].dropFirst())
        else { throw failure("a malformed hunk header (expected @@ -l,s +l,s @@): \(line.prefix(80))", lineNumber) }
        guard let start = UInt32(exactly: new.start), old.count <= 1 << 40, new.count <= 1 << 40,
            new.start + new.count <= Int(UInt32.max)
        else { throw failure("a hunk's line numbers are out of range: \(line.prefix(80))", lineNumber) }
        // A hunk of no new lines names the line before the change (`+4,0`).
        return (old.count, new.count, max(start, 1), lineNumber)
    }

    /// `start[,count]` (a count of 1 may be left out).
    private static func range(_ text: Substring) -> (start: Int, count: Int)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= 2, let start = Int(parts[0]), start >= 0 else { return nil }
        guard parts.count == 2 else { return (start, 1) }
        guard let count = Int(parts[1]), count >= 0 else { return nil }
        return (start, count)
    }

    // MARK: Files

    private mutating func readGitHeader(_ line: Substring) {
        if line.hasPrefix("new file mode") {
            current?.isNewFile = true
        } else if line.hasPrefix("deleted file mode") {
            current?.isDeletedFile = true
        } else if line.hasPrefix("rename to ") || line.hasPrefix("copy to ") {
            let name = try? path(nil) { try DiffPathText.headerPath(line.drop { $0 != " " }.dropFirst(4)) }
            current?.renamedTo = name ?? nil
        } else if line.hasPrefix("rename from ") || line.hasPrefix("copy from ") {
            let name = try? path(nil) {
                try DiffPathText.headerPath(line.dropFirst(line.hasPrefix("rename") ? 12 : 10))
            }
            current?.renamedFrom = name ?? nil
        } else if line.hasPrefix("Binary files ") || line == "GIT binary patch" {
            current?.file.isBinary = true
        }
    }

    /// Ends the file being read: its paths without prefixes, whichever of git's lines named them.
    private mutating func finishFile() {
        guard let state = current else { return }
        current = nil
        var file = state.file
        if state.isGit {
            let names = state.gitNames
            // Without names from `diff --git` (an unquoted rename with spaces), `rename to` tells: it never has
            // a prefix, so a `+++` path that differs from it has one.
            let prefixed =
                names.map { DiffPathText.hasPrefixes(old: $0.old, new: $0.new) }
                ?? state.renamedTo.map { state.sawHeaderPaths && file.newPath != $0 } ?? true
            if state.sawHeaderPaths {
                if prefixed {
                    file.oldPath = DiffPathText.droppingPrefix(file.oldPath)
                    file.newPath = DiffPathText.droppingPrefix(file.newPath)
                }
            } else {
                // No ---/+++ lines (a pure rename, a mode change, a binary or empty file): git's other lines.
                let old = state.renamedFrom ?? names.map { prefixed ? String($0.old.dropFirst(2)) : $0.old }
                let new = state.renamedTo ?? names.map { prefixed ? String($0.new.dropFirst(2)) : $0.new }
                file.oldPath = state.isNewFile ? nil : old
                file.newPath = state.isDeletedFile ? nil : new
            }
        } else {
            // A plain diff: `a/` and `b/` are prefixes when the two sides agree on them.
            let oldPrefixed = file.oldPath.map { $0.hasPrefix("a/") } ?? true
            let newPrefixed = file.newPath.map { $0.hasPrefix("b/") } ?? true
            if oldPrefixed && newPrefixed && (file.oldPath != nil || file.newPath != nil) {
                file.oldPath = DiffPathText.droppingPrefix(file.oldPath)
                file.newPath = DiffPathText.droppingPrefix(file.newPath)
            }
        }
        if file.oldPath != nil || file.newPath != nil {
            files.append(file)
        }
    }

    // MARK: Errors

    private func path<T>(_ lineNumber: Int?, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CoverageError {
            throw failure(error.message, lineNumber)
        }
    }

    private func failure(_ message: String, _ line: Int?) -> CoverageError {
        CoverageError(.malformed, message, file: fileName, line: line)
    }
}
