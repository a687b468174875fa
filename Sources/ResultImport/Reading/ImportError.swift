import ResultSupport

/// An input that cannot be imported, with the place the problem was found.
public struct ImportError: PlacedError, Equatable {
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
        /// The content is not test output in any format we read.
        public static let notTestOutput = Code(rawValue: "notTestOutput")
        /// The content is in a recognised format but malformed.
        public static let malformed = Code(rawValue: "malformed")
        /// A declared limit (line length, nesting, size) was exceeded.
        public static let limitExceeded = Code(rawValue: "limitExceeded")
        /// A format we recognise but refuse (for example NUnit XML).
        public static let unsupported = Code(rawValue: "unsupported")
    }

    /// What kind of problem it is.
    public var code: Code
    /// What is wrong, in a sentence.
    public var message: String
    /// The input file, when known.
    public var file: String?
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?
    /// The byte offset, when known.
    public var byteOffset: Int64?
    /// The error that caused this one (a failed system call, a parser's error), when there is one.
    public var underlying: (any Error & Sendable)?

    /// Creates an error.
    public init(
        _ code: Code,
        _ message: String,
        file: String? = nil,
        line: Int? = nil,
        column: Int? = nil,
        byteOffset: Int64? = nil,
        underlying: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
        self.underlying = underlying
    }

    /// A failed read of the input.
    static func unreadable(_ error: SystemCallError, file: String?) -> ImportError {
        ImportError(.unreadable, "read failed: \(error.reason)", file: file, underlying: error)
    }

    /// Errors are equal when their code, message and place are (the cause is not compared).
    public static func == (left: ImportError, right: ImportError) -> Bool {
        left.code == right.code && left.message == right.message && left.file == right.file && left.line == right.line
            && left.column == right.column && left.byteOffset == right.byteOffset
    }

    /// The file, line, column and byte offset, as one place.
    public var place: ErrorPlace { ErrorPlace(file: file, line: line, column: column, byteOffset: byteOffset) }
    /// The error that caused this one.
    public var cause: (any Error & Sendable)? { underlying }
}
