/// Changed lines the tests did not run, in one file: what a coverage warning points at. The command reads the
/// coverage and the change; this module only says it (``UncoveredChangeAnnotations``).
public struct UncoveredChange: Sendable, Hashable {
    /// The file as the coverage names it: absolute, or relative to ``UncoveredChangeAnnotations/sourceRoot``.
    public var file: String
    /// The first and last line of the range (1-based, inclusive); lines between them that could not run (blank
    /// lines, comments) do not split a range.
    public var lines: ClosedRange<Int>
    /// The file's changed lines that could run, and of them those that ran: the context the message gives.
    public var fileLinesFound: Int
    /// See ``fileLinesFound``.
    public var fileLinesHit: Int

    /// Creates a range of uncovered changed lines.
    public init(file: String, lines: ClosedRange<Int>, fileLinesFound: Int, fileLinesHit: Int) {
        self.file = file
        self.lines = lines
        self.fileLinesFound = fileLinesFound
        self.fileLinesHit = fileLinesHit
    }
}
