/// Where a problem is: the file, the 1-based line and column, the byte offset, each when known. Every module's
/// error names its place through this one type, so they all read alike.
public struct ErrorPlace: Sendable, Hashable {
    /// The file (or other input) concerned.
    public var file: String?
    /// The 1-based line in it.
    public var line: Int?
    /// The 1-based column on that line.
    public var column: Int?
    /// The 0-based byte offset in it.
    public var byteOffset: Int64?

    /// A place; nothing known is the empty place.
    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, byteOffset: Int64? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// `file:line:column: byte N: message`, leaving out what is unknown (a column only follows a line).
    public func describe(_ message: String) -> String {
        var place = file ?? ""
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        var parts = place.isEmpty ? [] : [place]
        if let byteOffset { parts.append("byte \(byteOffset)") }
        parts.append(message)
        return parts.joined(separator: ": ")
    }
}
