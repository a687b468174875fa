import ResultSupport

/// A baseline store or an Xcode baseline folder that cannot be read or written: the module's one error type, shaped
/// as every module's is (a code, a message, the place, and the cause).
public struct BaselineError: PlacedError {
    /// A stable, machine-readable kind of error. New codes may be added; switch with a `default`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name, for example `malformed`.
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's name.
        public var description: String { rawValue }

        /// A file or folder could not be read or written.
        public static let io = Code(rawValue: "io")
        /// A file is not a baseline file of a version we read (JSON or property list in the wrong shape).
        public static let malformed = Code(rawValue: "malformed")
        /// A file in the store was not written by us, so it is not replaced.
        public static let foreignFile = Code(rawValue: "foreignFile")
    }

    /// What kind of error this is.
    public var code: Code
    /// What went wrong, in a sentence.
    public var message: String
    /// The file involved, when there is one.
    public var file: String?
    /// The 1-based line in that file, when known.
    public var line: Int?
    /// The byte offset in that file, when known.
    public var byteOffset: Int64?
    /// The error that caused this one, when there is one.
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
