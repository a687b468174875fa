import ResultSupport

/// An input that cannot be imported, with the place the problem was found: the module's one error type, shaped as
/// every module's is (a code, a message, the place, and the cause).
public struct ImportError: ModuleError, Equatable {
    /// What kind of problem it is.
    public struct Code: PlacedErrorCode {
        /// The code's name.
        public var rawValue: String
        /// Creates a code.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The file could not be opened or read.
        public static let unreadable = Code(rawValue: "unreadable")
        /// The content is not test output in any format we read.
        public static let notTestOutput = Code(rawValue: "notTestOutput")
        /// The content is in a recognised format but malformed.
        public static let malformed = Code(rawValue: "malformed")
        /// A declared limit (line length, nesting, size) was exceeded.
        public static let limitExceeded = Code(rawValue: "limitExceeded")
        /// A format we recognise but cannot read as given (a file where a folder is expected, or the reverse).
        public static let unsupported = Code(rawValue: "unsupported")
    }

    /// The code, message, place and cause.
    public var facts: ErrorFacts<Code>

    /// An error with these facts.
    public init(facts: ErrorFacts<Code>) { self.facts = facts }

    /// A failed read of the input.
    static func unreadable(_ error: SystemCallError, file: String?) -> ImportError {
        ImportError(.unreadable, "read failed: \(error.reason)", file: file, underlying: error)
    }
}
