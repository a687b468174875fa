import Foundation

/// A history being read on another thread, while the caller reads a run: `history add` and `compare --history`
/// take about as long to read the one as the other.
public final class PendingHistory: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the reading thread before `done` is signalled; read only after waiting on it.
    private var outcome: Result<RunHistory, any Error> = .success(RunHistory())

    /// Starts reading `url` with the newest `decodingNewest` runs decoded (``RunHistory/read(_:decodingNewest:)``).
    public convenience init(_ url: URL, decodingNewest: Int) {
        self.init(url) { try RunHistory.read($0, decodingNewest: decodingNewest) }
    }

    init(_ url: URL, reading: @escaping @Sendable (URL) throws -> RunHistory) {
        DispatchQueue.global(qos: .userInitiated).async {
            self.outcome = Result { try reading(url) }
            self.done.signal()
        }
    }

    /// The history read, or the error reading it threw; waits for the reading thread.
    public func get() throws -> RunHistory {
        done.wait()
        done.signal()
        return try outcome.get()
    }
}
