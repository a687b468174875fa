import ResultSupport

/// A report that could not be written: the module's one error type, shaped as every module's is (a code, a
/// message, the place, and the cause).
public struct ReportError: ModuleError {
    /// A stable, machine-readable kind of error. New codes may be added; switch with a `default`.
    public struct Code: PlacedErrorCode {
        /// The code's name, for example `io`.
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A file of the report could not be created, written or read back (the cause says why).
        public static let io = Code(rawValue: "io")
        /// A path would have been written outside the report folder (a bug, or a hostile name).
        public static let outsideFolder = Code(rawValue: "outsideFolder")
        /// A template is missing, does not parse, or cannot be used as the report needs.
        public static let template = Code(rawValue: "template")
        /// A `--source-url` template that cannot be used.
        public static let badSourceURL = Code(rawValue: "badSourceURL")
    }

    /// The code, message, place and cause.
    public var facts: ErrorFacts<Code>

    /// An error with these facts.
    public init(facts: ErrorFacts<Code>) { self.facts = facts }
}
