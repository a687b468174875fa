import ResultSupport

/// A report that could not be written: the module's one error type, shaped as every module's is (a code, a
/// message, the place, and the cause).
public struct ReportError: PlacedError {
    /// A stable, machine-readable kind of error. New codes may be added; switch with a `default`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name, for example `io`.
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's name.
        public var description: String { rawValue }

        /// A file of the report could not be created, written or read back (the cause says why).
        public static let io = Code(rawValue: "io")
        /// A path would have been written outside the report folder (a bug, or a hostile name).
        public static let outsideFolder = Code(rawValue: "outsideFolder")
        /// A template is missing, does not parse, or cannot be used as the report needs.
        public static let template = Code(rawValue: "template")
        /// A `--source-url` template that cannot be used.
        public static let badSourceURL = Code(rawValue: "badSourceURL")
    }

    /// What kind of error this is.
    public var code: Code
    /// What went wrong, in a sentence.
    public var message: String
    /// The file involved, when there is one.
    public var file: String?
    /// The 1-based line in that file, when known (a template's).
    public var line: Int?
    /// The byte offset in that file, when known.
    public var byteOffset: Int64?
    /// The error that caused this one (a failed system call, a template parser's error), when there is one.
    public var underlying: (any Error & Sendable)?

    /// Creates an error.
    public init(
        _ code: Code, _ message: String, file: String? = nil, line: Int? = nil, byteOffset: Int64? = nil,
        underlying: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.byteOffset = byteOffset
        self.underlying = underlying
    }

    /// The file, line and byte offset, as one place.
    public var place: ErrorPlace { ErrorPlace(file: file, line: line, byteOffset: byteOffset) }
    /// The error that caused this one.
    public var cause: (any Error & Sendable)? { underlying }
}
