/// The shape of every error a module throws (swift-nio's `FileSystemError` is the model): a stable code, a
/// sentence, the place of the problem and the error that caused it. The command line maps any of them to the
/// message and exit code a user sees in one place (`ErrorReport`), from these four facts alone. A module's own
/// error adopts it through ``ModuleError``, which keeps the four facts in one ``ErrorFacts`` value.
public protocol PlacedError: Error, CustomStringConvertible, Sendable {
    /// The machine-readable kind; each module's codes are its own type, so new ones do not break callers.
    associatedtype Code: Hashable, Sendable, CustomStringConvertible
    /// What kind of error this is.
    var code: Code { get }
    /// What went wrong, in a sentence, without the place.
    var message: String { get }
    /// Where: file, line, column, byte offset, each when known.
    var place: ErrorPlace { get }
    /// The error that caused this one (a failed system call, a parser's error), when there is one.
    var cause: (any Error & Sendable)? { get }
}

extension PlacedError {
    /// `file:line: byte N: message`, leaving out what is unknown.
    public var description: String { place.describe(message) }
}
