import Foundation
import ResultSupport

/// Writes files inside the report folder only. Relative paths are checked: no absolute path, no `..`, nothing
/// but our own sanitized names; folders are created as needed. Counts what it wrote.
///
/// Each file is written with one `open`, `write` and `close`, without a temporary name or `fsync` of its own: the
/// report folder as a whole is written under a temporary name and renamed into place by the caller, so a file
/// never needs to be replaced atomically inside it. Files are created exclusively (`O_EXCL`) and never through a
/// symbolic link (`O_NOFOLLOW`); a path written twice replaces the first file.
final class ReportFileWriter {
    let root: URL
    private let rootPath: String
    private(set) var filesWritten = 0
    private(set) var bytesWritten: Int64 = 0
    private var createdFolders: Set<Substring> = []

    init(root: URL) throws {
        self.root = root.standardizedFileURL
        rootPath = self.root.path
        try FileManager.default.createDirectory(at: self.root, withIntermediateDirectories: true)
    }

    func write(_ text: String, to relativePath: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0), to: relativePath) }
    }

    func write(_ buffer: OutputBuffer, to relativePath: String) throws {
        try buffer.bytes.withUnsafeBytes { try write($0, to: relativePath) }
    }

    func write(_ data: Data, to relativePath: String) throws {
        try data.withUnsafeBytes { try write($0, to: relativePath) }
    }

    func exists(_ relativePath: String) -> Bool {
        guard let path = try? resolve(relativePath) else { return false }
        return POSIXFile.exists(path)
    }

    private func write(_ bytes: UnsafeRawBufferPointer, to relativePath: String) throws {
        try write(to: relativePath) { append in try append(bytes) }
    }

    /// Writes the file at `relativePath` from pieces: `body` calls `append` with each in order. For pages too large
    /// to build in memory (a list of a hundred thousand failures), whose rows are read back from a ``RowSpill``.
    func write(
        to relativePath: String, _ body: (_ append: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        let path = try resolve(relativePath)
        try createFolder(of: relativePath)
        let file: POSIXFile
        do {
            file = try POSIXFile.createReplacing(path)
        } catch {
            throw ReportError(.io, "cannot create the file: \(error.reason)", file: path, underlying: error)
        }
        defer { try? file.close() }
        var total = 0
        try body { bytes in
            do {
                try file.write(bytes)
            } catch let error as SystemCallError {
                throw ReportError(.io, "cannot write the file: \(error.reason)", file: path, underlying: error)
            }
            total += bytes.count
        }
        filesWritten += 1
        bytesWritten += Int64(total)
    }

    /// Creates the folders leading to `relativePath`, once each.
    private func createFolder(of relativePath: String) throws {
        guard let slash = relativePath.lastIndex(of: "/") else { return }
        let folder = relativePath[..<slash]
        guard !createdFolders.contains(folder) else { return }
        try FileManager.default.createDirectory(
            atPath: rootPath + "/" + folder, withIntermediateDirectories: true)
        createdFolders.insert(folder)
    }

    /// The absolute path of `relativePath` inside the folder.
    private func resolve(_ relativePath: String) throws -> String {
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard !relativePath.hasPrefix("/"), !components.isEmpty,
            !components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
        else { throw ReportError(.outsideFolder, "refusing to write outside the report folder: \(relativePath)") }
        return rootPath + "/" + relativePath
    }
}
