/// How often one source line ran.
public struct CoveredLine: Sendable, Hashable, Codable {
    /// The 1-based line number.
    public var line: UInt32
    /// How many times it ran; 0 is a line that could have run and did not.
    public var count: UInt64

    /// Creates a line's count.
    public init(line: UInt32, count: UInt64) {
        self.line = line
        self.count = count
    }
}

/// The branches that start on one source line: how many outcomes there are and how many of them were taken.
public struct LineBranches: Sendable, Hashable, Codable {
    /// The 1-based line number.
    public var line: UInt32
    /// The outcomes (each side of an `if` is one).
    public var found: UInt32
    /// The outcomes taken at least once.
    public var hit: UInt32

    /// Creates a line's branch counts; `hit` is capped at `found`.
    public init(line: UInt32, found: UInt32, hit: UInt32) {
        self.line = line
        self.found = found
        self.hit = min(hit, found)
    }
}

/// How often one function was called.
public struct CoveredFunction: Sendable, Hashable, Codable {
    /// The name as the producer wrote it (mangled for Swift and C++ in llvm-cov's export).
    public var name: String
    /// The 1-based line it starts on; 0 when the format does not say.
    public var line: UInt32
    /// How many times it ran.
    public var count: UInt64

    /// Creates a function's count.
    public init(name: String, line: UInt32, count: UInt64) {
        self.name = name
        self.line = line
        self.count = count
    }
}

/// How often one region of source (a Go block, an llvm-cov code region, an Istanbul statement) ran.
public struct CoveredRegion: Sendable, Hashable, Codable {
    /// The 1-based line where the region starts.
    public var startLine: UInt32
    /// The 1-based column where it starts.
    public var startColumn: UInt32
    /// The 1-based line where it ends.
    public var endLine: UInt32
    /// The 1-based column where it ends (Go and llvm-cov: the column after its last character).
    public var endColumn: UInt32
    /// How many times it ran.
    public var count: UInt64

    /// Creates a region's count.
    public init(startLine: UInt32, startColumn: UInt32, endLine: UInt32, endColumn: UInt32, count: UInt64) {
        self.startLine = startLine
        self.startColumn = startColumn
        self.endLine = endLine
        self.endColumn = endColumn
        self.count = count
    }

    /// Whether two regions cover the same source.
    package func hasSameExtent(as other: CoveredRegion) -> Bool {
        startLine == other.startLine && startColumn == other.startColumn && endLine == other.endLine
            && endColumn == other.endColumn
    }

    /// Orders regions by where they start, then where they end.
    package static func precedes(_ left: CoveredRegion, _ right: CoveredRegion) -> Bool {
        (left.startLine, left.startColumn, left.endLine, left.endColumn)
            < (right.startLine, right.startColumn, right.endLine, right.endColumn)
    }
}
