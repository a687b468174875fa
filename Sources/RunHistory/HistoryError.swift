import ResultSupport

/// A history file that cannot be read or written: the module's one error type, shaped as every module's is (a
/// code, a message, the place, and the cause).
public struct HistoryError: ModuleError {
    /// A stable, machine-readable kind of error. New codes may be added; switch with a `default`.
    public struct Code: PlacedErrorCode {
        /// The code's name, for example `io`.
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

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

    /// The code, message, place and cause.
    public var facts: ErrorFacts<Code>

    /// An error with these facts.
    public init(facts: ErrorFacts<Code>) { self.facts = facts }
}
