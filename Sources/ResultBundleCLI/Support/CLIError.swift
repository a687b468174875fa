/// An error the command layer reports to the user as one sentence, with the exit code to return.
struct CLIError: Error, CustomStringConvertible {
    /// What went wrong and, when possible, what to do.
    let description: String
    /// The process exit code (2: bad usage or unreadable input).
    let exitCode: Int32

    init(_ description: String, exitCode: Int32 = 2) {
        self.description = description
        self.exitCode = exitCode
    }
}
