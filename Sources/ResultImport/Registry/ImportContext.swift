import Foundation
import ResultModel

/// Where a format writes what it reads, and the settings every format shares. One context serves all the inputs
/// of a run, so what one input leaves for the next (a crash seen outside tests) is kept here.
public final class ImportContext {
    /// Where tests, suites and blobs go.
    public let sink: any ResultSink
    /// The run the tests belong to.
    public let runIndex: Int
    /// The input's name as diagnostics show it (`<stdin>` for standard input).
    public internal(set) var fileName = ""
    /// The input's path as given (`-` for standard input).
    public internal(set) var path = ""
    /// The folder attachments must lie in and relative paths are resolved against; `nil` is the input's own
    /// folder (standard input has none).
    public var attachmentsRoot: URL?
    /// The largest attachment stored (the bundle's blob limit); a larger file is a warning and is not attached.
    public var maxAttachmentBytes = 1 << 30
    /// Whether swift-testing lines in console logs are skipped (their results come from an event stream).
    public var ignoresSwiftTestingConsole = false
    /// The crash a console log showed while no XCTest test ran: an event stream imported after it (the stream of
    /// that process stops mid-test) gets its unfinished tests marked crashed with it.
    var crashOutsideTests: IssueRecord?
    /// Begins the run of one configuration (a device, a test plan configuration) of an input that holds several,
    /// and returns its index; `nil` writes every configuration's tests to ``runIndex``. The caller ends the runs
    /// it began.
    public var beginConfigurationRun: ((String) throws -> Int)?
    /// The runs begun for configurations, by name.
    public private(set) var configurationRuns: [(name: String, index: Int)] = []

    /// The run the tests of configuration `name` go to: ``runIndex`` when there is no name or no way to begin runs,
    /// else the configuration's own run, begun the first time it is asked for.
    public func runIndex(forConfiguration name: String?) throws -> Int {
        guard let name, let beginConfigurationRun else { return runIndex }
        if let known = configurationRuns.first(where: { $0.name == name }) { return known.index }
        let index = try beginConfigurationRun(name)
        configurationRuns.append((name, index))
        return index
    }

    /// Creates a context writing tests of run `runIndex` to `sink`.
    public init(sink: any ResultSink, runIndex: Int) {
        self.sink = sink
        self.runIndex = runIndex
    }

    /// The folder attachments of the current input resolve against: ``attachmentsRoot``, or the input's own
    /// folder (`nil` for standard input without a root).
    public var attachmentsBase: URL? {
        if let attachmentsRoot { return attachmentsRoot }
        guard path != "-" else { return nil }
        var isFolder: ObjCBool = false
        let url = URL(fileURLWithPath: path)
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return url }
        return url.deletingLastPathComponent()
    }
}
