import ResultSupport

/// A history file that cannot be read or written: the module's one error type, shaped as every module's is (a
/// code, a message, the place, and the cause).
public struct HistoryError: PlacedError {
    /// A stable, machine-readable kind of error. New codes may be added; switch with a `default`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The file could not be read or written.
        public static let io = Code(rawValue: "io")
        /// The file is not a history file.
        public static let notAHistory = Code(rawValue: "notAHistory")
        /// The file was written by a newer major version.
        public static let newerMajorVersion = Code(rawValue: "newerMajorVersion")
        /// There is no history file at the path (only `history add` creates one).
        public static let missing = Code(rawValue: "missing")
        /// The history holds more than ``HistoryLimits`` allow.
        public static let tooLarge = Code(rawValue: "tooLarge")
        /// The run is in the history already (`history add` of the same bundle twice).
        public static let duplicateRun = Code(rawValue: "duplicateRun")
        /// The path is one `history add` does not write through (a symlink, a folder, a device).
        public static let refused = Code(rawValue: "refused")
        /// A `--run-url` template that cannot be used.
        public static let badTemplate = Code(rawValue: "badTemplate")
    }

    public var code: Code
    public var message: String
    public var file: String?
    public var line: Int?
    public var byteOffset: Int64?
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
