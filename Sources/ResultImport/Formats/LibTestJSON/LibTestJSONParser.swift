import Foundation
import ResultModel
import ResultSupport

/// Reads libtest's JSON lines one at a time. Memory holds only the tests started and not yet ended; each suite
/// (one test binary) is checked against the counts its own end event declares.
///
/// A test that passed with no output is written from the bytes of its line (``StreamOutput/writePassed(_:)``),
/// and a test that ends right after it started is never kept as a string: most tests of most streams are both.
final class LibTestJSONParser: LineStreamParser {
    private let stream: StreamOutput
    private var lines: JSONLines
    private var fileName: String { stream.fileName }
    private var diagnostics: [Diagnostic] = []
    /// Tests started and not ended, by id (nextest's `#N` retry suffix does not change it), with their name and
    /// the line of their start; the test started last may wait in ``lastStartedLine`` instead.
    private var running: [String: (name: String, line: Int)] = [:]
    /// The line where the test started last began, while it is not in ``running``; its name's bytes are in
    /// ``lastStartedName`` (a buffer kept from test to test).
    private var lastStartedLine: Int?
    private var lastStartedName: [UInt8] = []
    /// The tests of the current suite read so far, by libtest's words.
    private var suiteCounts = LibTestSuiteCounts()
    private var repairedLines = 0
    private let event = LibTestEvent()
    /// Where the parts of a passed test's name are, kept from test to test.
    private var nameParts: [Range<Int>] = []

    init(output: StreamOutput) {
        stream = output
        lines = JSONLines(fileName: output.fileName)
    }

    func consume(_ line: LineReader.Line) throws {
        guard let repaired = LibTestNameRepair.repaired(line.bytes) else {
            if lines.read(line, into: event) { try handleEvent(line: line) }
            return
        }
        noteRepaired(line)
        try repaired.withUnsafeBufferPointer {
            let fixed = LineReader.Line(
                bytes: $0, number: line.number, byteOffset: line.byteOffset, isPiece: line.isPiece)
            if lines.read(fixed, into: event) { try handleEvent(line: fixed) }
        }
    }

    /// Handles the event just read into ``event``.
    private func handleEvent(line: LineReader.Line) throws {
        guard event[.type]?.isText == true, event[.event]?.isText == true else {
            if event[.type]?.isString("bench") == true { try writeBench() }
            return
        }
        if event[.type]?.isString("test") == true {
            if event[.event]?.isString("started") == true { return try start(line: line) }
            for what: StaticString in ["ok", "failed", "ignored"] where event[.event]?.isString(what) == true {
                return try writeTest(event: what.description)
            }
            return  // `timeout` warns that a test runs long; its result follows.
        }
        guard event[.type]?.isString("suite") == true else { return }
        if event[.event]?.isString("started") == true {
            suiteCounts = LibTestSuiteCounts()
        } else if event[.event]?.isString("ok") == true || event[.event]?.isString("failed") == true {
            var totals = DeclaredTotals()
            totals.compare("passed", declared: event[.passed]?.int, found: suiteCounts.passed)
            totals.compare("failed", declared: event[.failed]?.int, found: suiteCounts.failed)
            totals.compare("ignored", declared: event[.ignored]?.int, found: suiteCounts.ignored)
            if let warning = totals.warning("the suite's end event", file: fileName, line: line.number) {
                diagnostics.append(warning)
            }
            suiteCounts = LibTestSuiteCounts()
        }
    }

    /// Writes the tests the stream never ended, as interrupted, with an error: the stream is cut off.
    func finish() throws -> [Diagnostic] {
        keepLastStarted()
        let unfinished = running.values.sorted { $0.line < $1.line }
        running.removeAll()
        for (name, _) in unfinished {
            try stream.write(
                LibTestName.identity(name),
                attempts: [TestAttempt(status: .interrupted, statusReason: "the stream ends while this test runs")])
        }
        if let first = unfinished.first {
            diagnostics.append(stream.unfinished(unfinished.count, first: first.name, line: first.line))
        }
        if repairedLines > 1 {
            diagnostics.append(
                Diagnostic(
                    severity: .warning,
                    message: "\(repairedLines - 1) more lines had unescaped backslashes in their test names",
                    file: fileName))
        }
        return lines.finish() + diagnostics
    }

    // MARK: Running tests

    private func start(line: LineReader.Line) throws {
        guard let name = event[.name], name.isText else { return }
        keepLastStarted()
        guard stream.mayKeep(running.count, "tests", line: line.number) else { return }
        if let bytes = name.plainBytes {
            lastStartedName.removeAll(keepingCapacity: true)
            lastStartedName.append(contentsOf: bytes)
            lastStartedLine = line.number
        } else if let name = Optional(name).text {
            running[LibTestName.identity(name).id] = (name, line.number)
        }
    }

    /// Puts the test started last into ``running``, as a test started then and not yet ended.
    private func keepLastStarted() {
        guard let line = lastStartedLine else { return }
        lastStartedLine = nil
        let name = String(decoding: lastStartedName, as: UTF8.self)
        running[LibTestName.identity(name).id] = (name, line)
    }

    /// Ends the test named `name` (the bytes of a name without escapes, when the line has them), whose id is
    /// `id()`: the id is made only when the test may be among others running.
    private func end(name bytes: UnsafeBufferPointer<UInt8>?, id: () -> String) {
        if let bytes, lastStartedLine != nil, running.isEmpty, bytes.hasSameBytes(as: lastStartedName) {
            // Equal names are equal ids, and no other test runs: nothing else to end.
            lastStartedLine = nil
            return
        }
        keepLastStarted()
        running[id()] = nil
    }

    // MARK: Writing

    private func writeTest(event what: String) throws {
        let nameValue = event[.name]
        if what == "ok", try writePlainPass(nameValue?.plainBytes) { return }
        let name = nameValue.text ?? "(unnamed test)"
        // nextest's `#N`: the test ran N times, and only a failure is retried, so the runs before the last failed.
        let (identity, runs) = LibTestName.parse(name)
        end(name: nameValue?.plainBytes) { identity.id }
        suiteCounts.count(what)
        let stdout = event[.stdout].text ?? ""
        let message = event[.message].text
        var issues: [IssueRecord] = []
        let status: TestStatus
        switch what {
        case "ok": status = .passed
        case "ignored":
            status = .skipped
            issues.append(IssueRecord(kind: .skip, message: message ?? "ignored"))
        default:
            status = .failed
            // nextest writes `"reason": "time limit exceeded"` for a test it stopped.
            issues.append(LibTestFailure.issue(output: stdout, message: message ?? event[.reason].text))
        }
        let duration = self.duration
        if status == .passed, runs == 1, stdout.isEmpty {
            return try stream.writePassed(identity, duration: duration)
        }
        var attempts = Array(
            repeating: TestAttempt(status: .failed, statusReason: "an earlier run, retried by cargo-nextest"),
            count: min(runs, 1000) - 1)
        attempts.append(
            TestAttempt(
                status: status, statusReason: status == .skipped ? (message ?? "ignored") : nil,
                duration: duration, issues: issues, output: try stream.captured(stdout)))
        try stream.write(identity, attempts: attempts)
    }

    /// Writes the test of an `ok` event from the bytes of its name, when the name is plain (see
    /// ``LibTestName/plainParts(of:module:parts:)``) and the test printed nothing; `false` otherwise.
    private func writePlainPass(_ name: UnsafeBufferPointer<UInt8>?) throws -> Bool {
        guard let name, event[.stdout].isEmptyText else { return false }
        var module: Range<Int>?
        guard LibTestName.plainParts(of: name, module: &module, parts: &nameParts) else { return false }
        end(name: name) { LibTestName.identity(String(decoding: name, as: UTF8.self)).id }
        suiteCounts.count("ok")
        let parts = nameParts
        let duration = self.duration
        try withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: parts.count) { slices in
            for (index, part) in parts.enumerated() {
                slices.initializeElement(at: index, to: UnsafeBufferPointer(rebasing: name[part]))
            }
            try stream.writePassed(
                PassedTestText(
                    runIndex: stream.runIndex, module: module.map { UnsafeBufferPointer(rebasing: name[$0]) },
                    outerSuites: UnsafeBufferPointer(rebasing: slices[0..<max(0, parts.count - 2)]),
                    suite: parts.count > 1 ? slices[parts.count - 2] : nil, name: slices[parts.count - 1],
                    duration: duration))
        }
        return true
    }

    /// The event's `exec_time`, in seconds, when it is a number of them.
    private var duration: Double? { event[.execTime]?.double.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }

    /// A benchmark's line (`{"type": "bench", "name": …, "median": …}`): a passed test.
    private func writeBench() throws {
        guard let name = event[.name].text else { return }
        let identity = LibTestName.identity(name)
        keepLastStarted()
        running[identity.id] = nil
        suiteCounts.measured += 1
        try stream.write(identity, attempts: [TestAttempt(status: .passed)])
    }

    private func noteRepaired(_ line: LineReader.Line) {
        repairedLines += 1
        guard repairedLines == 1 else { return }
        diagnostics.append(
            Diagnostic(
                severity: .warning,
                message: "line \(line.number) is not valid JSON: its test name holds backslashes that escape "
                    + "nothing (libtest writes Windows doc-test paths so); the name is read as written",
                file: fileName, line: line.number, byteOffset: line.byteOffset))
    }
}

/// The tests of one libtest suite read so far, by libtest's words.
struct LibTestSuiteCounts {
    var passed = 0
    var failed = 0
    var ignored = 0
    var measured = 0

    /// Counts a test that ended with the event `what` (`ok`, `failed` or `ignored`).
    mutating func count(_ what: String) {
        switch what {
        case "ok": passed += 1
        case "failed": failed += 1
        default: ignored += 1
        }
    }
}
