import Foundation
import ResultSupport

/// An input being imported: an open file (or standard input) whose first bytes were already read for detection,
/// or a folder.
public enum ImportInput {
    /// A file or standard input: `prefix` holds the bytes already read, `descriptor` the rest.
    case stream(descriptor: Int32, prefix: [UInt8])
    /// A folder (an Allure results folder, an `.xcresult` bundle).
    case folder(URL)

    /// The largest document read whole into memory (JSON and plist documents; streams are never read whole).
    public static let maxDocumentBytes = 2 << 30

    /// The open file and the bytes already read of it; a folder is refused, as a `what` (`a TRX file`) is a file.
    public func file(_ what: String, fileName: String) throws -> (descriptor: Int32, prefix: [UInt8]) {
        guard case .stream(let descriptor, let prefix) = self else {
            throw ImportError(.unsupported, "\(what) is a file, not a folder", file: fileName)
        }
        return (descriptor, prefix)
    }

    /// Hands over the input's lines one at a time, without their line breaks, with their 1-based numbers.
    public func forEachLine(fileName: String, _ body: (LineReader.Line) throws -> Void) throws {
        guard case .stream(let descriptor, let prefix) = self else {
            throw ImportError(.unsupported, "this format is read from a file, not a folder", file: fileName)
        }
        try StructuredImports.forEachLine(descriptor, prefix: prefix, fileName: fileName, body)
    }

    /// The whole input, for formats that are one document (a JSON report): the prefix and the rest of the file.
    /// An input larger than `limit` is refused with an error that says so.
    public func readAll(fileName: String, limit: Int = maxDocumentBytes) throws -> [UInt8] {
        guard case .stream(let descriptor, let prefix) = self else {
            throw ImportError(.unsupported, "this format is read from a file, not a folder", file: fileName)
        }
        var bytes = prefix
        let file = POSIXFile(descriptor: descriptor, path: fileName)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        // A regular file's size is known: one allocation instead of the copies of a doubling array.
        if let status = try? file.status(), status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 {
            bytes.reserveCapacity(prefix.count + Int(min(Int64(status.st_size), Int64(limit))))
        }
        while true {
            let count: Int
            do { count = try file.readSome(into: chunk) } catch { throw ImportError.unreadable(error, file: fileName) }
            if count == 0 { break }
            guard bytes.count + count <= limit else {
                throw ImportError(
                    .limitExceeded, "the document is larger than \(limit) bytes, the most read whole",
                    file: fileName, byteOffset: Int64(bytes.count))
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
        }
        return bytes
    }
}
