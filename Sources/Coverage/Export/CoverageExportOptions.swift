/// What an export says beside the coverage itself.
public struct CoverageExportOptions: Sendable, Hashable {
    /// The absolute folder the files' paths are relative to: Cobertura's `<source>`, which GitLab and the
    /// readers of Cobertura join to each class's `filename`. `nil` writes no `<sources>`.
    public var sourceRoot: String?
    /// When the coverage was taken, in seconds since 1970: Cobertura's `timestamp` (in milliseconds there).
    public var timestamp: Double
    /// The program that wrote the export, for Cobertura's `version` and the JSON's `producer`.
    public var producer: String

    /// Options for an export made at `timestamp` by `producer`.
    public init(sourceRoot: String? = nil, timestamp: Double = 0, producer: String = "resultbundle") {
        self.sourceRoot = sourceRoot
        self.timestamp = timestamp
        self.producer = producer
    }
}
