import Foundation
import ResultModel

/// Streaming parser of XCTest console output (swift-corelibs-xctest on Linux, and Xcode's format), fed one line
/// at a time. Each test is written to the sink when its end line arrives, with its issues (file, line,
/// multi-line messages), skip reason, measurements and every line it printed.
///
/// A line that follows a failure line and is not itself an XCTest line continues that failure's message
/// (XCTest prints multi-line messages as they are); it also stays in the test's output.
/// Not safe to use from several tasks at once.
public final class XCTestConsoleParser {
    private struct OpenTest {
        var printedName: String
        var identity: TestIdentity
        var startLine: Int
        var issues: [IssueRecord] = []
        var measurements: [MeasurementRecord] = []
        var skipReason: String?
        var isContinuingIssue = false
    }

    private let sink: any ResultSink
    private let runIndex: Int
    private let options: ConsoleParseOptions
    // The parser is used from one thread at a time (see above), so the per-line state skips the runtime's
    // exclusivity checks, which cost several percent of an import.
    @exclusivity(unchecked) private var current: OpenTest?
    @exclusivity(unchecked) private var output: OutputBuffer
    @exclusivity(unchecked) private var suiteDepth = 0
    @exclusivity(unchecked) private var suitesWithTests: [String: Int] = [:]
    /// The suite whose consecutive tests are being counted, as bytes (see ``countTest(inSuite:)``).
    @exclusivity(unchecked) private var countingSuite: [UInt8] = []
    /// The identity of the test that started last, whose suites the next one usually shares.
    @exclusivity(unchecked) private var lastStartedIdentity: TestIdentity?
    @exclusivity(unchecked) private var countedInSuite = 0
    @exclusivity(unchecked) private var lastSuiteEndDepth: Int?
    /// A test whose start line came while no test was open, kept as bytes (``XCTestDeferredStart``).
    @exclusivity(unchecked) private var deferred = XCTestDeferredStart()
    private var orphanIssues: [String: [IssueRecord]] = [:]
    /// What the open test's output said about a crash.
    private var crash = CrashEvidence()
    /// Tests whose process `swift test --parallel` says crashed, by ``ResultModel/TestIdentity/moduleLessKey``.
    private var crashedProcesses: [String: String] = [:]
    /// Tests written as crashed, and Xcode restarts seen while no test ran.
    private var crashCount = 0
    /// Whether the last line outside a test named a crash this parser took care of (a `--parallel` test's
    /// process, an Xcode restart).
    private(set) var namedCrashedProcess = false
    private var parsedFailureIssues = 0
    private var runSummaries = XCTestRunSummaries()
    @exclusivity(unchecked) private var parsed = ResultTotals()
    @exclusivity(unchecked) private var progressOnly: [String: TestIdentity] = [:]
    private var progressOrder: [String] = []
    /// Whether `swift test --parallel` progress lines were seen: its summaries are those of the failing tests'
    /// own processes, so they say nothing of how long the run took.
    private var sawParallelProgress = false
    /// What was found besides tests.
    @exclusivity(unchecked) public private(set) var summary = ConsoleParseSummary()

    /// Creates a parser writing tests of run `runIndex` to `sink`.
    public init(sink: any ResultSink, runIndex: Int, options: ConsoleParseOptions) {
        self.sink = sink
        self.runIndex = runIndex
        self.options = options
        self.output = OutputBuffer(limit: options.maximumOutputPerTest)
    }

    /// Whether a test is running (its start line was seen and its end line not yet).
    public var isInsideTest: Bool { current != nil || deferred.isPending }

    /// Feeds one line (without its line break). Returns whether the line belonged to XCTest: a structural line,
    /// or output printed inside a test. Other lines are the caller's (build output, another framework).
    @discardableResult
    public func consume(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) throws -> Bool {
        try consume(original: line, plain: line, lineNumber: lineNumber)
    }

    /// Feeds one line given as printed and without its ANSI sequences. The printed form is tried first, so escape
    /// bytes inside a failure message survive; the plain form catches colored structural lines.
    @discardableResult
    public func consume(
        original: UnsafeBufferPointer<UInt8>, plain: UnsafeBufferPointer<UInt8>, lineNumber: Int
    ) throws -> Bool {
        if deferred.isPending {
            if original.count == plain.count, try endDeferredTest(original) { return true }
            try openDeferredTest()
        }
        if original.count == plain.count, deferStart(original, lineNumber: lineNumber) { return true }
        let line = original
        let recognised =
            XCTestLineClassifier.classify(original)
            ?? (original.count == plain.count ? nil : XCTestLineClassifier.classify(plain))
        guard let classified = recognised else {
            guard current != nil else {
                namedCrashedProcess = noteCrashedProcess(plain)
                return false
            }
            output.append(line)
            if crash.observe(plain) {
                current!.isContinuingIssue = false
                if crash.hasProcessEnded { try endCrashedTest() }
                return true
            }
            if current!.isContinuingIssue, let last = current!.issues.indices.last {
                current!.issues[last].message += "\n" + line.string
            }
            return true
        }
        switch classified {
        case .failure, .skip, .measured: if current != nil { output.append(line) }
        default: break
        }
        current?.isContinuingIssue = false
        try handle(classified, lineNumber: lineNumber)
        return true
    }

    /// Ends parsing: a test still open is written as interrupted; summary lines are cross-checked.
    public func finish(interrupted: Bool = false) throws -> ConsoleParseSummary {
        try openDeferredTest()
        if !crash.isEmpty { try endCrashedTest() }
        if let open = current {
            let reason = "the log ends before the test's end line (started at line \(open.startLine))"
            try write(open, status: .interrupted, reason: reason, duration: nil, worker: nil)
            summary.diagnostics.append(
                Diagnostic(
                    severity: .warning, message: "test \(open.printedName) has no end line; marked interrupted",
                    file: options.fileName, line: open.startLine))
            current = nil
        }
        try writeProgressOnlyTests()
        if sawParallelProgress { summary.wallClock = nil }
        crossCheck()
        if summary.testCount > 0 { summary.reportedCounts["xctest.parsed"] = summary.testCount }
        if crashCount > 0 { summary.reportedCounts["crashes"] = crashCount }
        return summary
    }

    /// Writes the open test as crashed, with the crash as its issue (``CrashEvidence``).
    private func endCrashedTest() throws {
        let evidence = crash
        crash = CrashEvidence()
        guard var open = current.take() else { return }
        if evidence.restart != nil { runSummaries.restarted() }
        var issue = evidence.issue
        var reason = evidence.reason
        if evidence.signal == nil, let signal = crashedProcesses[open.identity.moduleLessKey] {
            reason = "the test process crashed (\(signal))"
            issue.details = (issue.details.map { $0 + "\n" } ?? "") + "The test process " + signal
        }
        open.issues.append(issue)
        parsedFailureIssues += 1
        crashCount += 1
        try write(open, status: .crashed, reason: reason, duration: nil, worker: nil)
    }

    /// Remembers the test that `swift test --parallel`'s signal line names (its block may never be printed), and
    /// an Xcode restart line that comes while no test runs.
    private func noteCrashedProcess(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        if let (name, signal) = CrashEvidence.crashedProcessTest(in: line) {
            let key = XCTestTestName.identity(listed: name).moduleLessKey
            crashedProcesses[key] = signal
            return true
        } else if line.first == UInt8(ascii: "R"), line.hasPrefix("Restarting after unexpected exit") {
            runSummaries.restarted()
            crashCount += 1
            return true
        }
        return false
    }

    /// Keeps a start line's test as bytes when it can be written from bytes if it passes next
    /// (``XCTestDeferredStart``): no test is open, and no issue or progress line waits for it.
    private func deferStart(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> Bool {
        guard options.writesPassedTestsFromBytes, current == nil, orphanIssues.isEmpty, progressOnly.isEmpty
        else { return false }
        return deferred.keep(startLine: line, lineNumber: lineNumber)
    }

    /// Writes the kept test from bytes when `line` is its `passed` line; `false` for any other line.
    private func endDeferredTest(_ line: UnsafeBufferPointer<UInt8>) throws -> Bool {
        guard let duration = deferred.passedDuration(in: line) else { return false }
        let name = deferred.name  // a reference to the bytes, so clearing the lane below does not overlap reading them
        return try name.withUnsafeBufferPointer { printed in
            guard let parts = XCTestTestName.parts(of: printed) else { return false }
            deferred.clear()
            let suite = parts.suite.map { UnsafeBufferPointer(rebasing: printed[$0]) }
            if let suite { countTest(inSuite: suite) }
            parsed.addPassed(duration: duration)
            summary.testCount += 1
            try sink.addPassedTest(
                PassedTestText(
                    runIndex: runIndex, suite: suite, name: UnsafeBufferPointer(rebasing: printed[parts.name]),
                    duration: duration))
            return true
        }
    }

    /// Opens the kept test, if any, as its start line would have.
    private func openDeferredTest() throws {
        guard let (name, startLine) = deferred.release() else { return }
        try handle(.caseStarted(name: name), lineNumber: startLine)
    }

    /// `swift test --parallel` prints blocks only for failing tests; the others are known from progress lines
    /// alone and did not fail. They are written as passed, with a reason saying where the result came from.
    private func writeProgressOnlyTests() throws {
        for key in progressOrder {
            guard let identity = progressOnly.removeValue(forKey: key) else { continue }
            var attempt = TestAttempt(
                status: .passed,
                statusReason: "swift test --parallel listed this test and printed no failure for it")
            if let signal = crashedProcesses[key] {
                attempt = TestAttempt(
                    status: .crashed, statusReason: "the test process crashed (\(signal))",
                    issues: [IssueRecord(kind: .crash, message: "The test process " + signal)])
                crashCount += 1
            }
            let test = TestRecord(runIndex: runIndex, identity: identity, status: attempt.status, attempts: [attempt])
            try sink.addTest(test)
            summary.testCount += 1
        }
        progressOrder.removeAll()
    }

    private func handle(_ line: XCTestLine, lineNumber: Int) throws {
        switch line {
        case .suiteStarted(let name):
            runSummaries.suiteStarted(
                named: name, depth: suiteDepth, line: lineNumber, parsed: parsed, failures: parsedFailureIssues)
            if name == "All tests" || name == "Selected tests" { suiteDepth = 0 }
            suiteDepth += 1
            lastSuiteEndDepth = nil
        case .suiteEnded(let name, let passed):
            suiteDepth = max(0, suiteDepth - 1)
            lastSuiteEndDepth = suiteDepth
            flushSuiteCount()
            if let count = suitesWithTests.removeValue(forKey: name), count > 0 {
                try sink.addSuite(
                    SuiteRecord(runIndex: runIndex, path: [name], status: passed ? .passed : .failed))
            }
        case .executed(let tests, let skipped, let failures, _, let wallClock):
            if lastSuiteEndDepth == 0 {
                runSummaries.executed(tests: tests, skipped: skipped, failures: failures, line: lineNumber)
                if let wallClock { summary.wallClock = (summary.wallClock ?? 0) + wallClock }
            }
            lastSuiteEndDepth = nil
        case .caseStarted(let name):
            if !crash.isEmpty { try endCrashedTest() }
            crash = CrashEvidence()
            if let open = current {
                try write(
                    open, status: .interrupted, reason: "a new test started before it ended", duration: nil, worker: nil
                )
            }
            let identity = XCTestTestName.identity(name, reusingSuitesOf: lastStartedIdentity)
            lastStartedIdentity = identity
            current = OpenTest(printedName: name, identity: identity, startLine: lineNumber)
            if !orphanIssues.isEmpty { current?.issues = orphanIssues.removeValue(forKey: name) ?? [] }
            output.reset()
        case .caseEnded(let name, let word, let duration):
            guard var open = current.take() else {
                try writeStandalone(name: name, word: word, duration: duration, worker: nil, lineNumber: lineNumber)
                return
            }
            if open.printedName != name {
                summary.diagnostics.append(
                    Diagnostic(
                        severity: .warning,
                        message: "end line of \(name) while \(open.printedName) was running",
                        file: options.fileName, line: lineNumber))
                open.printedName = name
                open.identity = XCTestTestName.identity(name)
            }
            crash = CrashEvidence()  // it ended: what looked like a crash was its own output
            // Status and reason are read first: reading `open` after handing it over would copy it whole.
            let status = status(word, open.issues)
            let reason = open.skipReason
            try write(open, status: status, reason: reason, duration: duration, worker: nil)
        case .parallelCaseEnded(let name, let word, let worker, let duration):
            try writeStandalone(name: name, word: word, duration: duration, worker: worker, lineNumber: lineNumber)
        case .failure(let name, let file, let line, let message):
            let issue = makeIssue(file: file, line: line, message: message)
            if issue.kind.isFailure { parsedFailureIssues += 1 }
            if current != nil {
                current!.issues.append(issue)
                current!.isContinuingIssue = true
            } else {
                orphanIssues[name, default: []].append(issue)
            }
        case .skip(_, let file, let line, let reason):
            current?.skipReason = reason ?? "skipped"
            current?.issues.append(
                IssueRecord(
                    kind: .skip, message: reason ?? "Test skipped", location: SourceLocation(file: file, line: line)))
        case .parallelProgress(let name):
            let identity = XCTestTestName.identity(listed: name)
            let key = identity.moduleLessKey
            if progressOnly.updateValue(identity, forKey: key) == nil { progressOrder.append(key) }
            sawParallelProgress = true
        case .measured(_, _, _, let details):
            if let measurement = PerformanceLineParser.parse(details) {
                current?.measurements.append(measurement)
            } else {
                summary.diagnostics.append(
                    Diagnostic(
                        severity: .warning, message: "unrecognised measurement line",
                        file: options.fileName, line: lineNumber))
            }
        }
    }

    private func makeIssue(file: String, line: Int, message: String) -> IssueRecord {
        if file == "<EXPR>" || message.hasPrefix("threw error") {
            return IssueRecord(
                kind: .thrownError, message: message,
                location: file == "<EXPR>" ? nil : SourceLocation(file: file, line: line))
        }
        if message.hasPrefix("Asynchronous wait failed") {
            return IssueRecord(kind: .timeout, message: message, location: SourceLocation(file: file, line: line))
        }
        if message.containsBytes("expected failure") || message.hasPrefix("Expected failure") {
            return IssueRecord(kind: .knownIssue, message: message, location: SourceLocation(file: file, line: line))
        }
        return IssueRecord(kind: .assertion, message: message, location: SourceLocation(file: file, line: line))
    }

    private func status(_ word: TestOutcomeWord, _ issues: [IssueRecord]) -> TestStatus {
        switch word {
        case .passed: return issues.contains { $0.kind == .knownIssue } ? .expectedFailure : .passed
        case .skipped: return .skipped
        case .failed:
            return .failed
        }
    }

    private func writeStandalone(
        name: String, word: TestOutcomeWord, duration: Double?, worker: String?, lineNumber: Int
    ) throws {
        var open = OpenTest(printedName: name, identity: XCTestTestName.identity(name), startLine: lineNumber)
        open.issues = orphanIssues.removeValue(forKey: name) ?? []
        output.reset()
        let status = status(word, open.issues)
        try write(open, status: status, reason: nil, duration: duration, worker: worker)
    }

    private func write(
        _ open: consuming OpenTest, status: TestStatus, reason: String?, duration: Double?, worker: String?
    ) throws {
        if !progressOnly.isEmpty, let listed = progressOnly.removeValue(forKey: open.identity.moduleLessKey) {
            open.identity = listed
        }
        let attempt = TestAttempt(
            status: status,
            statusReason: reason,
            duration: duration,
            issues: open.issues,
            measurements: open.measurements,
            output: try output.captured(inlineLimit: options.inlineOutputLimit, sink: sink),
            worker: worker
        )
        output.reset()
        if let suite = open.identity.suites.last { countTest(inSuite: suite) }
        let test = TestRecord(runIndex: runIndex, identity: open.identity, status: status, attempts: [attempt])
        parsed.add(test)
        summary.testCount += 1
        try sink.addTest(test)  // its last use: the record moves into the sink without a copy
    }

    /// Counts a test of `suite` (suite records are written only for suites with tests). Consecutive tests of
    /// one suite are counted together, so the table is touched once per suite rather than once per test.
    private func countTest(inSuite suite: String) {
        var suite = suite
        suite.withUTF8 { countTest(inSuite: $0) }
    }

    private func countTest(inSuite suite: UnsafeBufferPointer<UInt8>) {
        if countedInSuite > 0, suite.hasSameBytes(as: countingSuite) {
            countedInSuite += 1
            return
        }
        flushSuiteCount()
        countingSuite.append(contentsOf: suite)
        countedInSuite = 1
    }

    private func flushSuiteCount() {
        if countedInSuite > 0 {
            suitesWithTests[String(decoding: countingSuite, as: UTF8.self), default: 0] += countedInSuite
        }
        countingSuite.removeAll(keepingCapacity: true)
        countedInSuite = 0
    }

    private func crossCheck() {
        guard let reported = runSummaries.reportedTotal else { return }
        summary.reportedCounts["xctest.executed"] = reported.tests
        if let skipped = reported.skipped { summary.reportedCounts["xctest.skipped"] = skipped }
        summary.reportedCounts["xctest.failures"] = reported.failures
        summary.diagnostics += runSummaries.mismatches(
            parsed: parsed, failures: parsedFailureIssues, fileName: options.fileName)
    }
}
