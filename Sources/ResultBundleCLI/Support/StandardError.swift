import Foundation

/// Writes messages to standard error, keeping standard output for results.
enum StandardError {
    /// Prints a line to standard error.
    static func print(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Whether standard error is a terminal (progress is shown only then).
    static var isTerminal: Bool { isatty(STDERR_FILENO) != 0 }
}
