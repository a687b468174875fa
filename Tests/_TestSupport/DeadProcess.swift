import Foundation

/// Process ids of writers that are gone, for tests of the cleanup of what a killed run left behind.
public enum DeadProcess {
    /// A process id that no process has now.
    public static func id() throws -> pid_t {
        for candidate in stride(from: pid_t(4_000_000), to: 4_100_000, by: 997)
        where kill(candidate, 0) != 0 && errno == ESRCH {
            return candidate
        }
        throw CancellationError()
    }
}
