import Foundation
import ResultModel

/// Streaming parser of swift-testing console output (Swift 6.0 to 6.3, with or without ANSI colors), fed one
/// line at a time. Tests run in parallel and their lines interleave; each test is matched by its printed name
/// and written to the sink when its end line arrives.
///
/// The console does not print a test's suite or module, so identities hold only the name (the function name,
/// or the display name for `@Test("...")` tests); the JSON event stream gives full identities. Output printed by
/// swift-testing tests cannot be attributed from the console and stays in the run's output.
public final class SwiftTestingConsoleParser {
    private struct OpenTest {
        var issues: [IssueRecord] = []
        var caseArguments: [String] = []
        var caseIssues: [String: [IssueRecord]] = [:]
        var attachmentNotes: [String] = []
    }

    private enum IssueOwner {
        case test(String)
        case testCase(String, String)
    }

    private let sink: any ResultSink
    private let runIndex: Int
    private let options: ConsoleParseOptions
    private var open: [String: OpenTest] = [:]
    private var openOrder: [String] = []
    private var lastIssue: (owner: IssueOwner, index: Int)?
    private var parsed = ResultTotals()
    /// Tests parsed before the current run's start line (a log can hold several runs, each with its closing line).
    private var testsBeforeRun = 0
    private var suiteCount = 0
    /// What was found besides tests.
    public private(set) var summary = ConsoleParseSummary()

    /// Creates a parser writing tests of run `runIndex` to `sink`.
    public init(sink: any ResultSink, runIndex: Int, options: ConsoleParseOptions) {
        self.sink = sink
        self.runIndex = runIndex
        self.options = options
    }

    /// Feeds one line (ANSI sequences allowed). Returns whether the line was swift-testing's.
    @discardableResult
    public func consume(_ text: String, lineNumber: Int) throws -> Bool {
        guard let line = SwiftTestingLineClassifier.classify(text) else { return false }
        try handle(line, lineNumber: lineNumber)
        return true
    }

    /// Ends parsing: tests still open are written as interrupted; each run's closing line was checked as it came.
    public func finish(interrupted: Bool = false) throws -> ConsoleParseSummary {
        try finish(interrupted: interrupted, crash: nil)
    }

    /// Ends parsing as ``finish(interrupted:)``, but tests still open are written as crashed, with `crash` as an
    /// issue, when the log showed a crash while they ran (swift-testing runs tests in parallel, so each test still
    /// running ended with the process).
    func finish(interrupted: Bool, crash: CrashEvidence?) throws -> ConsoleParseSummary {
        var crashed = 0
        for name in openOrder {
            guard var test = open[name] else { continue }
            if let crash, !interrupted {
                test.issues.append(crash.issue)
                try write(name: name, test, status: .crashed, duration: nil, reason: crash.reason)
                crashed += 1
            } else {
                try write(
                    name: name, test, status: .interrupted, duration: nil,
                    reason: "the log ends before the test's end line")
            }
        }
        open.removeAll()
        openOrder.removeAll()
        if parsed.tests > 0 { summary.reportedCounts["swiftTesting.parsed"] = parsed.tests }
        if crashed > 0 { summary.reportedCounts["crashes"] = crashed }
        return summary
    }

    /// Checks a run's closing line against the tests parsed since that run started (a log can hold several runs).
    private func checkClosingLine(tests reported: Int, lineNumber: Int) {
        let tests = parsed.tests - testsBeforeRun
        testsBeforeRun = parsed.tests
        guard reported != tests else { return }
        summary.diagnostics.append(
            Diagnostic(
                severity: .warning,
                message: "the log's closing line says \(reported) swift-testing tests ran, but \(tests) were parsed",
                file: options.fileName, line: lineNumber))
    }

    private func handle(_ line: SwiftTestingLine, lineNumber: Int) throws {
        switch line {
        case .runStarted:
            testsBeforeRun = parsed.tests
        case .suiteStarted:
            break
        case .runEnded(let tests, let suites, let issues, let wallClock):
            summary.reportedCounts["swiftTesting.tests", default: 0] += tests
            if let suites { summary.reportedCounts["swiftTesting.suites", default: 0] += suites }
            if let issues { summary.reportedCounts["swiftTesting.issues", default: 0] += issues }
            if let wallClock { summary.wallClock = (summary.wallClock ?? 0) + wallClock }
            checkClosingLine(tests: tests, lineNumber: lineNumber)
        case .suiteEnded(let name, let passed, let duration):
            suiteCount += 1
            try sink.addSuite(
                SuiteRecord(runIndex: runIndex, path: [name], duration: duration, status: passed ? .passed : .failed))
        case .testStarted(let name):
            if open[name] == nil {
                open[name] = OpenTest()
                openOrder.append(name)
            }
        case .caseStarted(let raw, _):
            let (arguments, test) = SwiftTestingLineClassifier.splitCase(raw) { self.open[$0] != nil }
            if open[test] == nil {
                open[test] = OpenTest()
                openOrder.append(test)
            }
            open[test]?.caseArguments.append(arguments)
        case .issue(let test, let kind, let arguments, let file, let line, let column, let message):
            let location = file.map { SourceLocation(file: $0, line: line ?? 0, column: column) }
            let issue = IssueRecord(kind: issueKind(kind, message), message: message, location: location)
            if open[test] == nil {
                open[test] = OpenTest()
                openOrder.append(test)
            }
            if let arguments {
                open[test]?.caseIssues[arguments, default: []].append(issue)
                lastIssue = (.testCase(test, arguments), (open[test]?.caseIssues[arguments]?.count ?? 1) - 1)
            } else {
                open[test]?.issues.append(issue)
                lastIssue = (.test(test), (open[test]?.issues.count ?? 1) - 1)
            }
        case .detail(let text):
            appendDetail(text)
        case .attached(let name, let test):
            open[test]?.attachmentNotes.append(name)
        case .testSkipped(let name, let reason):
            let test = open.removeValue(forKey: name) ?? OpenTest()
            openOrder.removeAll { $0 == name }
            try write(name: name, test, status: .skipped, duration: nil, reason: reason)
        case .testEnded(let name, let outcome, let duration, _):
            let test = open.removeValue(forKey: name) ?? OpenTest()
            openOrder.removeAll { $0 == name }
            let status: TestStatus
            switch outcome {
            case .passed: status = .passed
            case .failed: status = .failed
            case .passedWithKnownIssues: status = .expectedFailure
            case .passedWithWarnings: status = .warning
            }
            try write(name: name, test, status: status, duration: duration, reason: nil)
        }
    }

    private func issueKind(_ word: SwiftTestingLine.IssueKindWord, _ message: String) -> IssueRecord.Kind {
        switch word {
        case .knownIssue: return .knownIssue
        case .warning: return .warning
        case .issue: return message.hasPrefix("Caught error") ? .thrownError : .assertion
        }
    }

    private func appendDetail(_ text: String) {
        guard let (owner, index) = lastIssue else { return }
        func append(_ issue: inout IssueRecord) {
            issue.details = issue.details.map { $0 + "\n" + text } ?? text
        }
        switch owner {
        case .test(let name):
            guard open[name]?.issues.indices.contains(index) == true else { return }
            append(&open[name]!.issues[index])
        case .testCase(let name, let arguments):
            guard open[name]?.caseIssues[arguments]?.indices.contains(index) == true else { return }
            append(&open[name]!.caseIssues[arguments]![index])
        }
    }

    private func write(name: String, _ test: OpenTest, status: TestStatus, duration: Double?, reason: String?) throws {
        if case .test(let owner)? = lastIssue?.owner, owner == name { lastIssue = nil }
        if case .testCase(let owner, _)? = lastIssue?.owner, owner == name { lastIssue = nil }
        var cases: [TestCaseRecord] = []
        var caseArguments = test.caseArguments
        for arguments in test.caseIssues.keys.sorted() where !caseArguments.contains(arguments) {
            caseArguments.append(arguments)
        }
        for arguments in caseArguments {
            let issues = test.caseIssues[arguments] ?? []
            let caseStatus: TestStatus
            if issues.contains(where: { $0.kind.isFailure }) {
                caseStatus = .failed
            } else if issues.contains(where: { $0.kind == .knownIssue }) {
                caseStatus = .expectedFailure
            } else if status == .interrupted || status == .crashed {
                caseStatus = status
            } else {
                caseStatus = status == .skipped ? .skipped : .passed
            }
            cases.append(
                TestCaseRecord(arguments: arguments, attempts: [TestAttempt(status: caseStatus, issues: issues)]))
        }
        var issues = test.issues
        if let reason, status == .skipped {
            issues.append(IssueRecord(kind: .skip, message: reason))
        }
        let isDisplayName = !name.hasSuffix(")")
        let record = TestRecord(
            runIndex: runIndex,
            identity: TestIdentity(name: name),
            displayName: isDisplayName ? name : nil,
            status: status,
            attempts: [TestAttempt(status: status, statusReason: reason, duration: duration, issues: issues)],
            cases: cases
        )
        try sink.addTest(record)
        parsed.add(record)
        summary.testCount += 1
    }
}
