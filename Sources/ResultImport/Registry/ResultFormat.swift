import ResultModel

/// One input format `import` reads: how it is recognised from its content and how it is read into a sink.
///
/// Each format lives in its own folder under `Formats/` and is listed once in ``FormatRegistry``; detection,
/// `import --help` and the documentation's table all come from that list, so nothing else needs to know a format.
public protocol ResultFormat: Sendable {
    /// The name `--format` takes and diagnostics show.
    var name: ImportFormat { get }
    /// What the format is and who writes it, in one line (`import --help`, docs/IMPORT.md).
    var summary: String { get }
    /// Whether the input, as far as its beginning (or its folder's entries) shows, is in this format.
    func recognizes(_ probe: FormatProbe) -> Bool
    /// Reads the whole input into the context's sink. Tests are written as they are read, so a damaged input
    /// keeps every test before the damage; damage after the first test is a diagnostic of severity `error`
    /// rather than a thrown error.
    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome
    /// Whether the format's input is a folder (a results folder, a bundle) rather than a file.
    var readsFolders: Bool { get }
}

extension ResultFormat {
    public var readsFolders: Bool { false }
}

/// What importing one input found.
public struct ImportOutcome: Sendable {
    /// The format used.
    public var format: ImportFormat
    /// Tests written.
    public var testCount: Int
    /// Problems noticed, with places.
    public var diagnostics: [Diagnostic]
    /// Counts the runner printed about itself (``RunEnd/reportedCounts``).
    public var reportedCounts: [String: Int]
    /// Output outside any test, from console logs.
    public var output: CapturedOutput?
    /// How long the runs in the input took by the clock, when the input says (``RunEnd/wallClock``).
    public var wallClock: Double?

    /// Creates an outcome.
    public init(
        format: ImportFormat, testCount: Int, diagnostics: [Diagnostic] = [], reportedCounts: [String: Int] = [:],
        output: CapturedOutput? = nil, wallClock: Double? = nil
    ) {
        self.format = format
        self.testCount = testCount
        self.diagnostics = diagnostics
        self.reportedCounts = reportedCounts
        self.output = output
        self.wallClock = wallClock
    }
}
