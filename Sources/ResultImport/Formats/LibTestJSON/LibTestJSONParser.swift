import Foundation
import ResultModel

/// Reads libtest's JSON lines one at a time. Memory holds only the tests started and not yet ended; each suite
/// (one test binary) is checked against the counts its own end event declares.
final class LibTestJSONParser: LineStreamParser {
    private let stream: StreamOutput
    private var lines: JSONLines
    private var fileName: String { stream.fileName }
    private var diagnostics: [Diagnostic] = []
    /// Tests started and not ended, by id (nextest's `#N` retry suffix does not change it), with their name and
    /// the line of their start.
    private var running: [String: (name: String, line: Int)] = [:]
    /// The tests of the current suite read so far, by libtest's words.
    private var suiteCounts: [String: Int] = [:]
    private var repairedLines = 0

    init(output: StreamOutput) {
        stream = output
        lines = JSONLines(fileName: output.fileName)
    }

    func consume(_ line: LineReader.Line) throws {
        var event: LibTestEvent?
        if let repaired = LibTestNameRepair.repaired(line.bytes) {
            noteRepaired(line)
            repaired.withUnsafeBufferPointer {
                event = lines.read(
                    LineReader.Line(bytes: $0, number: line.number, byteOffset: line.byteOffset, isPiece: line.isPiece),
                    LibTestEvent.read)
            }
        } else {
            event = lines.read(line, LibTestEvent.read)
        }
        guard let event, let type = event[.type].text, let what = event[.event].text else {
            if let event, event[.type].text == "bench" { try writeBench(event) }
            return
        }
        switch (type, what) {
        case ("suite", "started"):
            suiteCounts = [:]
        case ("suite", "ok"), ("suite", "failed"):
            var totals = DeclaredTotals()
            for key in [LibTestKey.passed, .failed, .ignored] {
                totals.compare(key.rawValue, declared: event[key]?.int, found: suiteCounts[key.rawValue] ?? 0)
            }
            if let warning = totals.warning("the suite's end event", file: fileName, line: line.number) {
                diagnostics.append(warning)
            }
            suiteCounts = [:]
        case ("test", "started"):
            if let name = event[.name].text, stream.mayKeep(running.count, "tests", line: line.number) {
                running[LibTestName.identity(name).id] = (name, line.number)
            }
        case ("test", "ok"), ("test", "failed"), ("test", "ignored"):
            try writeTest(event, event: what)
        default:
            return  // `timeout` warns that a test runs long; its result follows.
        }
    }

    /// Writes the tests the stream never ended, as interrupted, with an error: the stream is cut off.
    func finish() throws -> [Diagnostic] {
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

    private func writeTest(_ event: LibTestEvent, event what: String) throws {
        let name = event[.name].text ?? "(unnamed test)"
        // nextest's `#N`: the test ran N times, and only a failure is retried, so the runs before the last failed.
        let (identity, runs) = LibTestName.parse(name)
        running[identity.id] = nil
        let word = what == "ok" ? "passed" : what
        suiteCounts[word, default: 0] += 1
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
        let duration = event[.execTime]?.double.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
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

    /// A benchmark's line (`{"type": "bench", "name": …, "median": …}`): a passed test.
    private func writeBench(_ event: LibTestEvent) throws {
        guard let name = event[.name].text else { return }
        let identity = LibTestName.identity(name)
        running[identity.id] = nil
        suiteCounts["measured", default: 0] += 1
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
