import ResultSupport

/// Console output of XCTest and swift-testing (Linux, Xcode, `swift test`, `xcodebuild`): one reader for both,
/// registered under two names so `--format` can say which the log mostly is.
struct ConsoleFormat: ResultFormat {
    /// A log with XCTest lines (swift-testing lines in it are read too).
    static let xctest = ConsoleFormat(name: .xctest)
    /// A log with swift-testing lines (XCTest lines in it are read too).
    static let swiftTesting = ConsoleFormat(name: .swiftTesting)

    let name: ImportFormat

    var summary: String {
        name == .xctest
            ? "XCTest console output (swift test, xcodebuild), any other text log"
            : "swift-testing console output (swift test)"
    }

    func recognizes(_ probe: FormatProbe) -> Bool {
        guard probe.folderEntries == nil else { return false }
        if name == .xctest {
            let text = probe.text
            return text.contains("Test Suite '") || text.contains("Test Case '") || text.contains("Test case '")
        }
        return probe.anyLine { SwiftTestingLineClassifier.classify(ANSIEscapes.strip(String($0))) != nil }
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        let options = ConsoleParseOptions(
            fileName: context.fileName, ignoresSwiftTesting: context.ignoresSwiftTestingConsole)
        let parser = ConsoleLogParser(sink: context.sink, runIndex: context.runIndex, options: options)
        try input.forEachLine(fileName: context.fileName) { line in
            try parser.consume(line.bytes, lineNumber: line.number)
        }
        let (summary, output) = try parser.finish()
        context.crashOutsideTests = context.crashOutsideTests ?? parser.crashIssueOutsideTests
        if summary.testCount == 0 && summary.reportedCounts.isEmpty {
            throw ImportError(
                .notTestOutput,
                "no XCTest or swift-testing results in this log (no test case, suite or summary line was found)",
                file: context.fileName)
        }
        return ImportOutcome(
            format: name, testCount: summary.testCount, diagnostics: summary.diagnostics,
            reportedCounts: summary.reportedCounts, output: output, wallClock: summary.wallClock)
    }
}
