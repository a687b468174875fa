import Foundation
import ResultSupport

/// Writes messages to standard error, keeping standard output for results.
enum StandardError {
    /// Prints a line to standard error.
    static func print(_ message: String) {
        // A failed write to standard error has nowhere to be reported; it must not stop the command.
        try? FileHandle.standardError.write(contentsOf: Data((message + "\n").utf8))
    }

    /// Prints a line that carries data (a name, a message, a path) with every control character in it escaped
    /// (``TerminalText``), line breaks included: a warning about a test can never start a line of its own in a
    /// CI log.
    static func humanLine(_ message: String) {
        print(TerminalText.escapingControls(message))
    }

    /// Whether standard error is a terminal (progress is shown only then).
    static var isTerminal: Bool { isatty(STDERR_FILENO) != 0 }
}
