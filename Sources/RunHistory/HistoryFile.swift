import Foundation
import ResultSupport

/// The history file on disk, as readers and `history add` find it.
enum HistoryFile {
    /// The file's bytes; nil when nothing is at `url`. Only a regular file is read (a named pipe would wait
    /// forever, and a folder is not a history); a symlink is followed.
    static func contents(of url: URL) throws -> [UInt8]? {
        guard let kind = PathEntry(following: url)?.kind else {
            if PathEntry(url)?.kind == .symlink {
                throw HistoryError(.refused, "a symlink to nothing, so not a history file", file: url.path)
            }
            return nil
        }
        guard kind == .regularFile else {
            throw HistoryError(.notAHistory, "not a regular file, so not a history file", file: url.path)
        }
        do {
            return try bytes(at: url.path)
        } catch {
            throw HistoryError(.io, "cannot read the history: \(error.reason)", file: url.path, underlying: error)
        }
    }

    /// The whole file at `path`, read with plain `read` calls into one array.
    static func bytes(at path: String) throws(SystemCallError) -> [UInt8] {
        // Not `Data(contentsOf:)`: reading an empty file through it leaks a buffer (found by the address sanitizer).
        let file = try POSIXFile.open(path, O_RDONLY)
        defer { try? file.close() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            var failure: SystemCallError?
            let count = chunk.withUnsafeMutableBytes { buffer in
                do {
                    return try file.readSome(into: buffer)
                } catch {
                    failure = error as? SystemCallError ?? SystemCallError("read", path: path)
                    return 0
                }
            }
            if let failure { throw failure }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Whether `bytes` are no more than the start of a header this tool writes (a first write that was stopped
    /// before it finished: empty, or up to 15 bytes of it). Such a file holds no run and is treated as absent.
    static func isUnfinishedHeader(_ bytes: [UInt8]) -> Bool {
        guard bytes.count < HistoryFormat.headerSize else { return false }
        let headers = [HistoryFormat.header(), HistoryFormat.header(major: 1, minor: 1)]
        return headers.contains { Array($0.prefix(bytes.count)) == bytes }
    }
}
