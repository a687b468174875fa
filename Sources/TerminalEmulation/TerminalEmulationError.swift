import ResultSupport

/// An error from the TerminalEmulation module: an unreadable file, a bad key notation, an invalid asciicast, a
/// failure to start a command in a pseudo-terminal.
public struct TerminalEmulationError: PlacedError, Hashable {
    /// What kind of problem it is. New codes may be added; compare with the static members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let name: String
        /// A file that cannot be opened or read.
        public static let cannotRead = Code(name: "cannotRead")
        /// A key notation that cannot be parsed (``KeySequence``).
        public static let invalidKeyNotation = Code(name: "invalidKeyNotation")
        /// An asciicast header or event that is not valid (``AsciicastReader``).
        public static let invalidAsciicast = Code(name: "invalidAsciicast")
        /// An asciicast in a version we do not read.
        public static let unsupportedAsciicastVersion = Code(name: "unsupportedAsciicastVersion")
        /// The pseudo-terminal or the command could not be started (``PseudoTerminalSession``).
        public static let cannotStartCommand = Code(name: "cannotStartCommand")
        /// Writing to the pseudo-terminal failed.
        public static let cannotWrite = Code(name: "cannotWrite")
        /// A description of the code.
        public var description: String { name }
    }

    /// The kind of problem.
    public var code: Code
    /// A sentence for people.
    public var message: String
    /// The file (or other source) involved, when known.
    public var file: String?
    /// The 1-based line, when known.
    public var line: Int?
    /// The 0-based byte offset, when known (in the file, or in a key notation).
    public var offset: Int?
    /// The underlying system error number, when there is one.
    public var systemError: Int32?

    /// Creates an error.
    public init(
        code: Code, message: String, file: String? = nil, line: Int? = nil, offset: Int? = nil,
        systemError: Int32? = nil
    ) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.offset = offset
        self.systemError = systemError
    }

    /// The file, line and byte offset, as one place: `session.cast:3: an event must be a JSON array`.
    public var place: ErrorPlace { ErrorPlace(file: file, line: line, byteOffset: offset.map(Int64.init)) }

    /// The failed system call, when there is one.
    public var cause: (any Error & Sendable)? {
        systemError.map { SystemCallError(code == .cannotWrite ? "write" : "start", path: file, number: $0) }
    }
}
