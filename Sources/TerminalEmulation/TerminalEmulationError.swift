import ResultSupport

/// An error from the TerminalEmulation module: an unreadable file, a bad key notation, an invalid asciicast, a
/// failure to start a command in a pseudo-terminal.
public struct TerminalEmulationError: ModuleError, Equatable {
    /// What kind of problem it is. New codes may be added; compare with the static members.
    public struct Code: PlacedErrorCode {
        /// The code's name, for example `cannotRead`.
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A file that cannot be opened or read.
        public static let cannotRead = Code(rawValue: "cannotRead")
        /// A key notation that cannot be parsed (``KeySequence``).
        public static let invalidKeyNotation = Code(rawValue: "invalidKeyNotation")
        /// An asciicast header or event that is not valid (``AsciicastReader``).
        public static let invalidAsciicast = Code(rawValue: "invalidAsciicast")
        /// An asciicast in a version we do not read.
        public static let unsupportedAsciicastVersion = Code(rawValue: "unsupportedAsciicastVersion")
        /// The pseudo-terminal or the command could not be started (``PseudoTerminalSession``).
        public static let cannotStartCommand = Code(rawValue: "cannotStartCommand")
        /// Writing to the pseudo-terminal failed.
        public static let cannotWrite = Code(rawValue: "cannotWrite")
    }

    /// The code, message, place and cause.
    public var facts: ErrorFacts<Code>

    /// An error with these facts.
    public init(facts: ErrorFacts<Code>) { self.facts = facts }

    /// Creates an error at `file`, `line` and byte `offset` (in the file, or in a key notation), caused by the
    /// system error number `systemError` of the failed write or start: `session.cast:3: an event must be a JSON
    /// array`.
    public init(
        code: Code, message: String, file: String? = nil, line: Int? = nil, offset: Int? = nil,
        systemError: Int32? = nil
    ) {
        let call = systemError.map { SystemCallError(code == .cannotWrite ? "write" : "start", path: file, number: $0) }
        self.init(code, message, file: file, line: line, byteOffset: offset.map(Int64.init), underlying: call)
    }
}
