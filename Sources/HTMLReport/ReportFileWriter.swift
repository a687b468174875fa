import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files inside the report folder only. Relative paths are checked: no absolute path, no `..`, nothing
/// but our own sanitized names; folders are created as needed. Counts what it wrote.
///
/// Files are created and written on a background thread, so the kernel's work of creating thousands of files
/// overlaps with rendering the next pages; at most ``filesInFlight`` wait. ``finish()`` waits for them all and
/// throws the first write error.
///
/// Why `@unchecked Sendable` is sound: the background thread touches only the data and path handed to it and
/// `failure`, which is read and written only while `lock` is held; everything else is used by the caller only.
final class ReportFileWriter: @unchecked Sendable {
    /// Files that may wait for the background thread before `write` waits too (bounds memory).
    static let filesInFlight = 64

    let root: URL
    private(set) var filesWritten = 0
    private(set) var bytesWritten: Int64 = 0
    private var createdFolders: Set<String> = []
    private var pathsWritten: Set<String> = []
    private let queue = DispatchQueue(label: "resultbundle.report-files")
    private let slots = DispatchSemaphore(value: filesInFlight)
    private let lock = NSLock()
    private var failure: (any Error)?

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
        try throwFailure()
        pathsWritten.insert(relativePath)
        filesWritten += 1
        bytesWritten += Int64(data.count)
        let path = url.path
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            do {
                try Self.writeFile(data, path: path)
            } catch {
                lock.withLock { if failure == nil { failure = error } }
            }
        }
    }

    /// Waits until every file is on disk.
    /// - Throws: the first error met writing a file.
    func finish() throws {
        queue.sync {}
        try throwFailure()
    }

    deinit { queue.sync {} }

    private func throwFailure() throws {
        if let failure = lock.withLock({ failure }) { throw failure }
    }

    /// Creates or replaces the file with POSIX calls (Foundation's `createFile` costs several times more per
    /// file, and a report writes thousands).
    private static func writeFile(_ data: Data, path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ReportError("cannot write the file (\(String(cString: strerror(errno))))", file: path)
        }
        defer { close(descriptor) }
        try data.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let written = systemWrite(descriptor, raw.baseAddress! + done, raw.count - done)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    throw ReportError("cannot write the file (\(String(cString: strerror(errno))))", file: path)
                }
                done += written
            }
        }
    }

    func exists(_ relativePath: String) -> Bool {
        if pathsWritten.contains(relativePath) { return true }
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

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
