/// A place in a source file: the file path as the runner printed it, a 1-based line and an optional column.
public struct SourceLocation: Sendable, Codable, Hashable {
    /// The file path, relative or absolute, exactly as the test runner reported it.
    public var file: String
    /// The 1-based line number; 0 when the runner gave none.
    public var line: Int
    /// The 1-based column, when known.
    public var column: Int?

    /// Creates a location.
    public init(file: String, line: Int, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line` or `file:line:column`, the form editors and CI annotations understand.
    public var description: String {
        if let column { return "\(file):\(line):\(column)" }
        return "\(file):\(line)"
    }
}
