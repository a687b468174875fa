import Foundation

/// What `resultbundle report` was asked for.
public struct ReportOptions: Sendable {
    /// The report's title.
    public var title: String
    /// The folder the report is written into (it holds only what the report writes).
    public var outputDirectory: URL
    /// Whether to write one self-contained HTML file (at `outputDirectory`, which is then a file path) instead of
    /// a folder.
    public var singleFile: Bool
    /// A folder of templates overriding the embedded ones (same file names as `Templates/`).
    public var templatesDirectory: URL?
    /// Where source files are looked up to show the lines around a failure, and what paths are shown relative to;
    /// without it, each run's recorded repository root or working directory.
    public var sourceRoot: URL?
    /// Links every `file:line` to the forge: `{commit}`, `{path}` (relative to the source root) and `{line}` are
    /// replaced (`--source-url`); http, https or relative addresses only.
    public var sourceURL: String?
    /// Whether source lines may be read from a run's recorded repository or working directory when no
    /// ``sourceRoot`` is given (paths are shown relative to it either way). Tests whose output must not depend on
    /// the folders of the machine they run on turn it off.
    public var readsRecordedSourceFolders = true
    /// How many failures the index lists before linking to the failed-tests page.
    public var failuresOnIndex = 200
    /// How many tests each page of the all-tests list holds.
    public var testsPerListPage = 1000
    /// How many tests each page of the failed and skipped lists holds: fewer than the all-tests list, since each
    /// row shows the test's whole story (a typical failure's row is about 700 bytes against a passed row's 90), and
    /// a page must open quickly (250 failures: about 180 KB).
    public var testsPerStatusListPage = 250
    /// How many files each page of the coverage tree holds (in each of its orders): 5,000 files are one page of
    /// about 700 KB; a larger project's tree is split into pages, as the test lists are.
    public var coverageFilesPerTreePage = 5_000
    /// The name of the generating tool, shown in the footer.
    public var generator = ReportOptions.defaultGenerator
    /// The footer's name of the tool when the caller gives none.
    public static let defaultGenerator = "ResultBundle"
    /// A run history (`report --history`): trend charts on the index, a strip and a label on test pages, and a
    /// Flaky page.
    public var history: ReportHistory?

    /// Creates options.
    public init(
        title: String = "Test report",
        outputDirectory: URL,
        singleFile: Bool = false,
        templatesDirectory: URL? = nil,
        sourceRoot: URL? = nil
    ) {
        self.title = title
        self.outputDirectory = outputDirectory
        self.singleFile = singleFile
        self.templatesDirectory = templatesDirectory
        self.sourceRoot = sourceRoot
    }
}

/// What a report run wrote.
public struct ReportSummary: Sendable {
    /// Files written.
    public var filesWritten = 0
    /// Bytes written.
    public var bytesWritten: Int64 = 0
    /// Tests in the report.
    public var testCount = 0
    /// Size of `index.html` in bytes.
    public var indexBytes = 0
    /// Things the user should know (a single file that grew large, a template that failed).
    public var warnings: [String] = []
}
