import ResultSupport

/// An error the command layer reports to the user as one sentence, with the exit code to return.
struct CLIError: PlacedError {
    /// What went wrong and, when possible, what to do.
    let message: String
    /// The process exit code (2: bad usage or unreadable input).
    let exitCode: Int32

    init(_ message: String, exitCode: Int32 = 2) {
        self.message = message
        self.exitCode = exitCode
    }

    /// The exit code is the command layer's only classification.
    var code: Int32 { exitCode }
    /// The sentence names its own files.
    var place: ErrorPlace { ErrorPlace() }
    /// The cause is already in the sentence.
    var cause: (any Error & Sendable)? { nil }
}
