import ResultSupport

/// A baseline store or an Xcode baseline folder that cannot be read or written: the module's one error type, shaped
/// as every module's is (a code, a message, the place, and the cause).
public struct BaselineError: ModuleError {
    /// A stable, machine-readable kind of error. New codes may be added; switch with a `default`.
    public struct Code: PlacedErrorCode {
        /// The code's name, for example `io`.
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A file or folder could not be read or written.
        public static let io = Code(rawValue: "io")
        /// A file is not a baseline file of a version we read (JSON or property list in the wrong shape).
        public static let malformed = Code(rawValue: "malformed")
        /// A file in the store was not written by us, so it is not replaced.
        public static let foreignFile = Code(rawValue: "foreignFile")
    }

    /// The code, message, place and cause.
    public var facts: ErrorFacts<Code>

    /// An error with these facts.
    public init(facts: ErrorFacts<Code>) { self.facts = facts }
}
