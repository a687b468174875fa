import Foundation

/// The parsers `make fuzz` runs under libFuzzer, one target each (docs/FUZZING.md).
///
/// Each target feeds one input to one parser the way the tool does, through its public entry point, and throws
/// nothing away but the errors bad input is meant to produce: a crash, a sanitizer report, a hang or runaway
/// memory is a finding. The same targets replay the seeds and every input a finding left behind
/// (`Fuzz/Regressions/<target>/`) in the ordinary test suite, without sanitizers.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case xctestConsole = "xctest-console"
    case swiftTestingConsole = "swift-testing-console"
    case eventStream = "event-stream"
    case junit
    case bundleReader = "bundle-reader"
    case terminal
    case asciicast
    case attachmentPreview = "attachment-preview"
    case baselinePlist = "baseline-plist"
    case baselineStore = "baseline-store"
    case historyReader = "history-reader"
    case tap
    case goTestJSON = "go-test-json"
    case libtestJSON = "libtest-json"
    case pytestReportLog = "pytest-reportlog"
    case dartJSON = "dart-json"

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
        case .tap: LineStreamFuzzing.run(input, format: .tap)
        case .goTestJSON: LineStreamFuzzing.run(input, format: .goTestJSON)
        case .libtestJSON: LineStreamFuzzing.run(input, format: .libtestJSON)
        case .pytestReportLog: LineStreamFuzzing.run(input, format: .pytestReportLog)
        case .dartJSON: LineStreamFuzzing.run(input, format: .dartJSON)
        }
    }

    /// Runs the target on one input.
    public func run(_ input: [UInt8]) {
        input.withUnsafeBytes { run($0) }
    }
}
