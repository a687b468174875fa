/// The name of an input format, as `--format` takes it (`junit`, `trx`, `tap`) or `auto` to detect it.
public struct ImportFormat: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The name.
    public let rawValue: String

    /// The format named `rawValue`: `auto` or the name of a registered format; `nil` for any other name.
    public init?(rawValue: String) {
        guard rawValue == "auto" || FormatRegistry.format(named: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// A name declared by a format itself (the registry's own list).
    init(declared name: String) { self.rawValue = name }

    /// `auto` and every registered format, in the registry's order.
    public static var allCases: [ImportFormat] { [.auto] + FormatRegistry.formats.map(\.name) }

    /// The name.
    public var description: String { rawValue }

    /// Decide from the content.
    public static let auto = ImportFormat(declared: "auto")
    /// XCTest console output (Linux or Xcode); swift-testing lines in the same log are read too.
    public static let xctest = ImportFormat(declared: "xctest")
    /// swift-testing console output; XCTest lines in the same log are read too.
    public static let swiftTesting = ImportFormat(declared: "swift-testing")
    /// swift-testing's JSON event stream (`--event-stream-output-path`).
    public static let eventStream = ImportFormat(declared: "event-stream")
    /// JUnit XML from any tool.
    public static let junit = ImportFormat(declared: "junit")
}
