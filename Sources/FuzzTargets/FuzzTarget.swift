import Coverage
import Foundation
import ResultImport

/// The parsers `make fuzz` runs under libFuzzer, one target each (docs/FUZZING.md).
///
/// Each target feeds one input to one parser the way the tool does, through its public entry point, and throws
/// nothing away but the errors bad input is meant to produce: a crash, a sanitizer report, a hang or runaway
/// memory is a finding. The same targets replay the seeds and every input a finding left behind
/// (`Fuzz/Regressions/<target>/`) in the ordinary test suite, without sanitizers.
public struct FuzzTarget: RawRepresentable, Hashable, Sendable, CaseIterable {
    /// The target's name (`RESULTBUNDLE_FUZZ_TARGET`, `Fuzz/seeds.txt`, `Fuzz/Regressions/<name>/`).
    public let rawValue: String

    /// The target named `rawValue`, when there is one.
    public init?(rawValue: String) {
        guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
        self.rawValue = rawValue
    }

    private init(named name: String) { rawValue = name }

    public static let xctestConsole = FuzzTarget(named: "xctest-console")
    public static let swiftTestingConsole = FuzzTarget(named: "swift-testing-console")
    public static let eventStream = FuzzTarget(named: "event-stream")
    public static let junit = FuzzTarget(named: "junit")
    public static let bundleReader = FuzzTarget(named: "bundle-reader")
    public static let terminal = FuzzTarget(named: "terminal")
    public static let asciicast = FuzzTarget(named: "asciicast")
    public static let attachmentPreview = FuzzTarget(named: "attachment-preview")
    public static let baselinePlist = FuzzTarget(named: "baseline-plist")
    public static let baselineStore = FuzzTarget(named: "baseline-store")
    public static let historyReader = FuzzTarget(named: "history-reader")
    public static let allureFolder = FuzzTarget(named: "allure-folder")
    public static let xcresultDatabase = FuzzTarget(named: "xcresult-database")
    public static let unifiedDiff = FuzzTarget(named: "unified-diff")

    /// The targets written for one reader each.
    private static let ownTargets: [FuzzTarget] = [
        .xctestConsole, .swiftTestingConsole, .eventStream, .junit, .bundleReader, .terminal, .asciicast,
        .attachmentPreview, .baselinePlist, .baselineStore, .historyReader, .allureFolder, .xcresultDatabase,
        .unifiedDiff,
    ]

    /// Every target: the readers' own, then `import-<format>` for each file format of the import registry that
    /// has no target of its own, and `coverage-<format>` for each coverage format (so a new format is fuzzed as
    /// soon as it is registered).
    public static var allCases: [FuzzTarget] {
        let covered: Set<String> = ["xctest", "swift-testing", "event-stream", "junit"]
        let formats = FormatRegistry.formats.filter { !$0.readsFolders && !covered.contains($0.name.rawValue) }
        return ownTargets + formats.map { FuzzTarget(named: "import-\($0.name.rawValue)") }
            + CoverageFormatRegistry.formats.map { FuzzTarget(named: "coverage-\($0.name)") }
    }

    /// Runs the target on one input.
    public func run(_ input: UnsafeRawBufferPointer) {
        switch self {
        case .xctestConsole: ConsoleFuzzing.xctest(input)
        case .swiftTestingConsole: ConsoleFuzzing.swiftTesting(input)
        case .eventStream: ConsoleFuzzing.eventStream(input)
        case .junit: FileFuzzing.junit(input)
        case .bundleReader: FileFuzzing.bundleReader(input)
        case .terminal: TerminalFuzzing.emulator(input)
        case .asciicast: FileFuzzing.asciicast(input)
        case .attachmentPreview: PreviewFuzzing.json(input)
        case .baselinePlist: BaselineFuzzing.propertyList(input)
        case .baselineStore: BaselineFuzzing.store(input)
        case .historyReader: HistoryFuzzing.reader(input)
        case .allureFolder: FolderFuzzing.allure(input)
        case .xcresultDatabase: FolderFuzzing.xcresult(input)
        case .unifiedDiff: CoverageFuzzing.unifiedDiff(input)
        default:
            if rawValue.hasPrefix("coverage-") {
                let name = String(rawValue.dropFirst("coverage-".count))
                guard let format = CoverageFormatRegistry.format(named: name) else { return }
                return CoverageFuzzing.reading(input, as: format)
            }
            guard let format = ImportFormat(rawValue: String(rawValue.dropFirst("import-".count))) else { return }
            FileFuzzing.importing(input, as: format)
        }
    }

    /// Runs the target on one input.
    public func run(_ input: [UInt8]) {
        input.withUnsafeBytes { run($0) }
    }
}
