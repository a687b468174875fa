import Foundation

/// Writes files inside the report folder only. Relative paths are checked: no absolute path, no `..`, nothing
/// but our own sanitized names; folders are created as needed. Counts what it wrote.
final class ReportFileWriter {
    let root: URL
    private(set) var filesWritten = 0
    private(set) var bytesWritten: Int64 = 0
    private var createdFolders: Set<String> = []

    init(root: URL) throws {
        self.root = root.standardizedFileURL
        try FileManager.default.createDirectory(at: self.root, withIntermediateDirectories: true)
    }

    func write(_ text: String, to relativePath: String) throws {
        try write(Data(text.utf8), to: relativePath)
    }

    func write(_ data: Data, to relativePath: String) throws {
        let url = try resolve(relativePath)
        let folder = url.deletingLastPathComponent().path
        if !createdFolders.contains(folder) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            createdFolders.insert(folder)
        }
        guard FileManager.default.createFile(atPath: url.path, contents: data) else {
            throw ReportError("cannot write the file", file: url.path)
        }
        filesWritten += 1
        bytesWritten += Int64(data.count)
    }

    func exists(_ relativePath: String) -> Bool {
        guard let url = try? resolve(relativePath) else { return false }
        return FileManager.default.fileExists(atPath: url.path)
    }

    private func resolve(_ relativePath: String) throws -> URL {
        let components = relativePath.split(separator: "/")
        guard !relativePath.hasPrefix("/"), !components.isEmpty,
            !components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
        else { throw ReportError("refusing to write outside the report folder: \(relativePath)") }
        let url = root.appendingPathComponent(relativePath).standardizedFileURL
        guard url.path.hasPrefix(root.path + "/") else {
            throw ReportError("refusing to write outside the report folder: \(relativePath)")
        }
        return url
    }
}
