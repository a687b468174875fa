import Foundation

/// Writes messages to standard error, keeping standard output for results.
enum StandardError {
    /// Prints a line to standard error.
    static func print(_ message: String) {
        // A failed write to standard error has nowhere to be reported; it must not stop the command.
        try? FileHandle.standardError.write(contentsOf: Data((message + "\n").utf8))
    }

    /// Whether standard error is a terminal (progress is shown only then).
    static var isTerminal: Bool { isatty(STDERR_FILENO) != 0 }
}
