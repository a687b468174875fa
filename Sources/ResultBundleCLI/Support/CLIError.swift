import ResultSupport

/// An error the command layer finds itself, as one sentence that names its own files. Its exit code is decided
/// where every error's is (`ErrorReport`): from `cause`, the failed call behind it when there is one.
struct CLIError: PlacedError {
    /// What went wrong and, when possible, what to do.
    let message: String
    /// The failed call behind the sentence (a write to an output: exit 1), when there is one.
    let cause: (any Error & Sendable)?

    init(_ message: String, cause: (any Error & Sendable)? = nil) {
        self.message = message
        self.cause = cause
    }

    /// The command layer's errors are told apart by their sentences.
    var code: String { "command" }
    /// The sentence names its own files.
    var place: ErrorPlace { ErrorPlace() }
}
