import Foundation
import ResultSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A scratch file for list rows, so a report holds a few references per group instead of every row until the end
/// (a few hundred bytes a test: 3 GB for ten million). It lives in the report folder while the report is written
/// (the folder is written under a temporary name) and is removed when the lists are written.
final class RowSpill {
    /// Where a piece of spilled bytes is.
    struct Piece {
        var offset: Int64
        var count: Int
    }

    private let path: String
    private let descriptor: Int32
    private var end: Int64 = 0

    /// A scratch file named `name` in `folder` (list rows by default; the search's terms use their own).
    init(in folder: URL, name: String = ".list-rows.spill") throws {
        path = folder.appendingPathComponent(name).path
        descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let cause = SystemCallError("create", path: path)
            throw ReportError(.io, "cannot create the scratch file: \(cause.reason)", file: path, underlying: cause)
        }
    }

    deinit { remove() }

    /// Appends `bytes` and returns where they are.
    func append(_ bytes: UnsafeRawBufferPointer) throws -> Piece {
        let piece = Piece(offset: end, count: bytes.count)
        do {
            try POSIXFile(descriptor: descriptor, path: path).write(bytes, at: end)
        } catch {
            throw ReportError(.io, "cannot write the scratch file: \(error.reason)", file: path, underlying: error)
        }
        end += Int64(bytes.count)
        return piece
    }

    /// Calls `body` with the bytes of `piece`, read back in chunks of at most 1 MiB.
    func read(_ piece: Piece, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: min(piece.count, 1 << 20))
        let file = POSIXFile(descriptor: descriptor, path: path)
        var done = 0
        while done < piece.count {
            let wanted = min(buffer.count, piece.count - done)
            let got: Int
            do {
                got = try buffer.withUnsafeMutableBytes {
                    try file.read(
                        into: UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted]), at: piece.offset + Int64(done))
                }
            } catch let error as SystemCallError {
                throw ReportError(.io, "cannot read the scratch file: \(error.reason)", file: path, underlying: error)
            }
            guard got == wanted else {
                throw ReportError(.io, "cannot read the scratch file: it is shorter than written", file: path)
            }
            try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<got])) }
            done += got
        }
    }

    /// Closes and deletes the file (once).
    func remove() {
        guard !removed else { return }
        removed = true
        close(descriptor)
        unlink(path)
    }
    private var removed = false
}
