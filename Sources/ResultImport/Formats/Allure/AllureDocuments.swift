import Foundation
import ResultSupport

/// Reads the small JSON documents of an Allure results folder, one file at a time: only regular files directly
/// in the folder (a symbolic link or a folder named like a result is skipped with a warning), each up to
/// ``maxBytes``, and parsed with the line and column of any damage.
struct AllureDocuments {
    /// The largest result or container file read; Allure writes one test or one container per file.
    static let maxBytes = 64 << 20

    let folder: URL
    /// The folder's name as diagnostics show it.
    let folderName: String

    /// The file's name as diagnostics show it (`results/abc-result.json`).
    func displayName(_ name: String) -> String {
        folderName.hasSuffix("/") ? folderName + name : folderName + "/" + name
    }

    /// The parsed document `name`, or an error naming the file and, for damage, its line and column.
    func read(_ name: String) throws -> JSONValue {
        let url = folder.appendingPathComponent(name)
        let shown = displayName(name)
        guard let entry = PathEntry(url) else {
            throw ImportError(.unreadable, "the file disappeared while the folder was read", file: shown)
        }
        guard entry.kind == .regularFile else {
            throw ImportError(.unreadable, "this is \(entry.kind), not a regular file; it was not read", file: shown)
        }
        guard entry.size <= Self.maxBytes else {
            throw ImportError(
                .limitExceeded, "the file is \(entry.size) bytes, over the \(Self.maxBytes) read for one result",
                file: shown)
        }
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: url))
        } catch {
            throw ImportError(.unreadable, "cannot read the file: \(error.localizedDescription)", file: shown)
        }
        return try Self.parse(bytes, fileName: shown)
    }

    /// The JSON value `bytes` hold: one value and nothing after it.
    static func parse(_ bytes: [UInt8], fileName: String) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONPullReader(buffer)
            do {
                let value = try reader.readValue()
                guard reader.isAtEnd() else { throw reader.failure("more text follows the JSON value") }
                return value
            } catch let error as JSONReadError {
                throw error.importError(file: fileName)
            }
        }
    }
}
