/// The four facts a module's error carries: its code, its sentence, its place and its cause. Every module's one
/// error type keeps them in this value (``ModuleError``), so the type itself declares nothing but its codes.
public struct ErrorFacts<Code: PlacedErrorCode>: Sendable {
    /// What kind of error this is.
    public var code: Code
    /// What went wrong, in a sentence, without the place.
    public var message: String
    /// Where: file, line, column, byte offset, each when known.
    public var place: ErrorPlace
    /// The error that caused this one (a failed system call, a parser's error), when there is one.
    public var cause: (any Error & Sendable)?

    /// The facts of one error.
    public init(_ code: Code, _ message: String, place: ErrorPlace, cause: (any Error & Sendable)?) {
        self.code = code
        self.message = message
        self.place = place
        self.cause = cause
    }
}
