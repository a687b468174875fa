import ResultModel

/// An open subtest (or the stream itself, at level 0).
struct TAPLevel {
    var indent: Int
    /// The subtest's name; `nil` until the point that ends it names it.
    var name: String?
    /// Where it starts (0 for the stream itself).
    var line: Int
    var plan: (count: Int, line: Int)?
    /// Test points read at this level.
    var points = 0
    /// Failed tests at this level and below.
    var failedLeaves = 0
    /// Tests waiting for this subtest's name.
    var held: [TestRecord] = []
    /// The point that opened this buffered subtest (`ok 1 - name {`).
    var opener: TAPPendingPoint?

    init(indent: Int, name: String?, line: Int, opener: TAPPendingPoint? = nil) {
        self.indent = indent
        self.name = name
        self.line = line
        self.opener = opener
    }
}

/// A test point read, with the diagnostics that follow it.
struct TAPPendingPoint {
    var point: TAPPoint
    var line: Int
    var indent: Int
    var yaml: [String]?
    var yamlIndent = 0
    var isInYAML = true
    var comments: [String] = []
    /// The subtest this point ends, when it has one (an array, as a value cannot hold its own type).
    private var children: [TAPLevel] = []

    init(point: TAPPoint, line: Int, indent: Int) {
        self.point = point
        self.line = line
        self.indent = indent
    }

    var child: TAPLevel? {
        get { children.first }
        set { children = newValue.map { [$0] } ?? [] }
    }
}
