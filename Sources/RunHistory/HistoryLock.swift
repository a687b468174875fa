import Foundation
import ResultSupport

/// The exclusive lock `history add` holds while it reads and writes a history: two CI jobs adding to one file at
/// once would otherwise both append after the same frame, or both rewrite it, and one run would be lost.
///
/// The lock is `flock` on `.NAME.lock` beside the history (created once and left there; removing it would let a
/// waiting writer lock a file nobody else sees), not on the history itself, which a rewrite replaces by a rename.
/// Readers take no lock: an append is seen whole or as a torn tail they ignore, a rewrite whole or not at all.
enum HistoryLock {
    /// Waits until no other `history add` holds the lock of the history at `url`, then runs `body` holding it.
    static func holding<Value>(_ url: URL, _ body: () throws -> Value) throws -> Value {
        let path = lockURL(for: url).path
        let file: POSIXFile
        do {
            file = try POSIXFile.open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode: 0o644)
        } catch {
            throw HistoryError(
                .io, "cannot create the history's lock file: \(error.reason)", file: path, underlying: error)
        }
        // Closing the descriptor releases the lock.
        defer { try? file.close() }
        let descriptor = file.descriptor
        guard POSIXFile.retryingInterrupts({ flock(descriptor, LOCK_EX) }) == 0 else {
            let error = SystemCallError("lock", path: path)
            throw HistoryError(.io, "cannot lock the history: \(error.reason)", file: path, underlying: error)
        }
        return try body()
    }

    /// `.NAME.lock` beside the history.
    static func lockURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).lock")
    }
}
