/// A module's one public error type: a ``PlacedError`` that keeps its facts in one ``ErrorFacts`` value. The
/// members every such type would otherwise copy (the four facts, the initializer, the place's parts, equality)
/// live here, so a new module's error is its `Code` struct, the `facts` property and `init(facts:)`.
public protocol ModuleError: PlacedError where Code: PlacedErrorCode {
    /// The code, message, place and cause.
    var facts: ErrorFacts<Code> { get set }
    /// An error with these facts.
    init(facts: ErrorFacts<Code>)
}

extension ModuleError {
    /// An error of `code` saying `message`, at the place given by its parts, caused by `underlying`.
    public init(
        _ code: Code, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
        byteOffset: Int64? = nil, underlying: (any Error & Sendable)? = nil
    ) {
        let place = ErrorPlace(file: file, line: line, column: column, byteOffset: byteOffset)
        self.init(facts: ErrorFacts(code, message, place: place, cause: underlying))
    }

    /// What kind of error this is.
    public var code: Code { facts.code }
    /// What went wrong, in a sentence.
    public var message: String { facts.message }
    /// Where it went wrong.
    public var place: ErrorPlace { facts.place }
    /// The error that caused this one.
    public var cause: (any Error & Sendable)? { facts.cause }

    /// The file involved, when there is one.
    public var file: String? {
        get { facts.place.file }
        set { facts.place.file = newValue }
    }
    /// The 1-based line in that file, when known.
    public var line: Int? {
        get { facts.place.line }
        set { facts.place.line = newValue }
    }
    /// The 1-based column in that line, when known.
    public var column: Int? {
        get { facts.place.column }
        set { facts.place.column = newValue }
    }
    /// The byte offset in that file, when known.
    public var byteOffset: Int64? {
        get { facts.place.byteOffset }
        set { facts.place.byteOffset = newValue }
    }
}

extension ModuleError where Self: Equatable {
    /// Errors are equal when their code, message and place are (the cause is not compared).
    public static func == (left: Self, right: Self) -> Bool {
        left.code == right.code && left.message == right.message && left.place == right.place
    }
}
