import ResultSupport

/// A coverage input that cannot be read, with the place the problem was found.
public struct CoverageError: PlacedError, Equatable {
    /// What kind of problem it is.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public var rawValue: String
        /// Creates a code.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's name.
        public var description: String { rawValue }

        /// The file could not be opened or read.
        public static let unreadable = Code(rawValue: "unreadable")
        /// The content is not coverage in any format read here.
        public static let notCoverage = Code(rawValue: "notCoverage")
        /// The content is in a recognised format but malformed.
        public static let malformed = Code(rawValue: "malformed")
        /// A declared limit (size, span of lines) was exceeded.
        public static let limitExceeded = Code(rawValue: "limitExceeded")
        /// An export could not be written.
        public static let unwritable = Code(rawValue: "unwritable")
    }

    /// What kind of problem it is.
    public var code: Code
    /// What is wrong, in a sentence.
    public var message: String
    /// Where.
    public var place: ErrorPlace
    /// The error that caused this one, when there is one.
    public var cause: (any Error & Sendable)?

    /// Creates an error.
    public init(
        _ code: Code, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
        byteOffset: Int64? = nil, cause: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.message = message
        self.place = ErrorPlace(file: file, line: line, column: column, byteOffset: byteOffset)
        self.cause = cause
    }

    /// Errors are equal when their code, message and place are (the cause is not compared).
    public static func == (left: CoverageError, right: CoverageError) -> Bool {
        left.code == right.code && left.message == right.message && left.place == right.place
    }
}
