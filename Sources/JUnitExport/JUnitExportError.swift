import ResultSupport

/// A JUnit export or summary that could not be written: the module's one error type, shaped as every module's is
/// (a code, a message, the place, and the cause).
public struct JUnitExportError: ModuleError {
    /// A stable, machine-readable kind of error. New codes may be added; switch with a `default`.
    public struct Code: PlacedErrorCode {
        /// The code's name, for example `io`.
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A file (the XML, a scratch file, an attachment) could not be created, written or read back.
        public static let io = Code(rawValue: "io")
        /// libxml2 could not set up or write the document.
        public static let xmlWriter = Code(rawValue: "xmlWriter")
        /// A `--source-url` template that cannot be used.
        public static let badSourceURL = Code(rawValue: "badSourceURL")
    }

    /// The code, message, place and cause.
    public var facts: ErrorFacts<Code>

    /// An error with these facts.
    public init(facts: ErrorFacts<Code>) { self.facts = facts }
}
