import Foundation
import ResultSupport

/// A scratch file for list rows, so a report holds a few references per group instead of every row until the end
/// (a few hundred bytes a test: 3 GB for ten million). It lives in the report folder while the report is written
/// (the folder is written under a temporary name) and is removed when the lists are written.
final class RowSpill {
    /// Where a piece of spilled bytes is.
    struct Piece {
        var offset: Int64
        var count: Int
    }

    private let file: SpillFile

    /// A scratch file named `name` in `folder` (list rows by default; the search's terms use their own).
    init(in folder: URL, name: String = ".list-rows.spill") throws {
        do {
            file = try SpillFile(creating: folder.appendingPathComponent(name).path, mode: 0o600, followingLinks: false)
        } catch {
            throw ReportError(
                .io, "cannot create the scratch file: \(error.reason)", file: error.path, underlying: error)
        }
    }

    deinit { remove() }

    /// Appends `bytes` and returns where they are.
    func append(_ bytes: UnsafeRawBufferPointer) throws -> Piece {
        do {
            return Piece(offset: try file.append(bytes), count: bytes.count)
        } catch {
            throw ReportError(
                .io, "cannot write the scratch file: \(error.reason)", file: file.path, underlying: error)
        }
    }

    /// Calls `body` with the bytes of `piece`, read back in chunks of at most 1 MiB.
    func read(_ piece: Piece, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: min(piece.count, 1 << 20))
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
                throw ReportError(
                    .io, "cannot read the scratch file: \(error.reason)", file: file.path, underlying: error)
            }
            guard got == wanted else {
                throw ReportError(.io, "cannot read the scratch file: it is shorter than written", file: file.path)
            }
            try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<got])) }
            done += got
        }
    }

    /// Closes and deletes the file (once).
    func remove() { file.remove() }
}
