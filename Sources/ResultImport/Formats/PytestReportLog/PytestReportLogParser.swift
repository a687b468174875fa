import Foundation
import ResultModel

/// Reads pytest's report log line by line. A test's setup, call and teardown reports are joined into one test,
/// written at its teardown; memory holds only the tests between their setup and teardown (several under
/// pytest-xdist). A failed setup or teardown fails the test; `xfail` is an expected failure and an unexpected pass
/// (`xpass`) a pass with a warning; collection errors are failed tests named `(collection)`.
final class PytestReportLogParser: LineStreamParser {
    private let stream: StreamOutput
    private var lines: JSONLines
    private var fileName: String { stream.fileName }
    private let scopes = ClassNameScopes()
    private var open: [String: OpenTest] = [:]

    private struct OpenTest {
        var line: Int
        var location: SourceLocation?
        var start: Double?
        var duration: Double = 0
        var status: TestStatus = .passed
        var statusReason: String?
        var issues: [IssueRecord] = []
        var output = ""
        var properties: [NameValue] = []
    }

    init(output: StreamOutput) {
        stream = output
        lines = JSONLines(fileName: output.fileName)
    }

    func consume(_ line: LineReader.Line) throws {
        guard let report = lines.object(line), let kind = report.text("$report_type") else { return }
        switch kind {
        case "TestReport": try readTestReport(report, line: line.number)
        case "CollectReport": try readCollectReport(report)
        default: return  // SessionStart, SessionFinish, warnings.
        }
    }

    /// Writes the tests whose teardown never came, as interrupted, with an error: the log is cut off.
    func finish() throws -> [Diagnostic] {
        let unfinished = open.sorted { $0.value.line < $1.value.line }
        open.removeAll()
        for (nodeID, test) in unfinished {
            var test = test
            if !test.status.isFailure {
                test.status = .interrupted
                test.statusReason = "the report log ends before this test's teardown"
            }
            try write(nodeID, test)
        }
        guard let first = unfinished.first else { return lines.finish() }
        return lines.finish() + [stream.unfinished(unfinished.count, first: first.key, line: first.value.line)]
    }

    private func readTestReport(_ report: JSONValue, line: Int) throws {
        let nodeID = report.text("nodeid") ?? ""
        let phase = report.text("when") ?? "call"
        var test = open[nodeID] ?? OpenTest(line: line)
        if test.start == nil { test.start = report["start"]?.double.flatMap { $0.isFinite ? $0 : nil } }
        if test.location == nil, let place = report["location"]?.array, let file = place.first?.string,
            let zeroBased = place.dropFirst().first?.int, zeroBased >= 0
        {
            // pytest counts lines from 0.
            test.location = SourceLocation(file: file, line: zeroBased + 1)
        }
        if let duration = report["duration"]?.double, duration.isFinite, duration >= 0 { test.duration += duration }
        for section in report["sections"]?.array ?? [] {
            guard let title = section.array?.first?.string, let content = section.array?.dropFirst().first?.string,
                !content.isEmpty
            else { continue }
            test.output += (test.output.isEmpty ? "" : "\n") + "----- \(title) -----\n" + content
        }
        if phase == "call" || test.properties.isEmpty {
            test.properties = (report["user_properties"]?.array ?? []).compactMap { pair in
                guard let items = pair.array, items.count > 1, let name = items[0].string else { return nil }
                switch items[1] {
                case .string(let text): return NameValue(name: name, value: text)
                case .number(let text): return NameValue(name: name, value: String(text))
                default: return NameValue(name: name, value: "\(items[1])")
                }
            }
        }
        apply(report, phase: phase, to: &test)
        if phase == "teardown" {
            open[nodeID] = nil
            try write(nodeID, test)
        } else {
            if open[nodeID] != nil || stream.mayKeep(open.count, "tests", line: line) { open[nodeID] = test }
        }
    }

    /// Folds one phase's outcome into the test: a failure in any phase fails it, a skip skips it.
    private func apply(_ report: JSONValue, phase: String, to test: inout OpenTest) {
        let outcome = report.text("outcome") ?? "passed"
        let expectedFailure = report.text("wasxfail")
        switch outcome {
        case "failed":
            let failure = PytestLongRepr.failure(report["longrepr"])
            let prefix = phase == "call" ? "" : "error in \(phase): "
            test.issues.append(
                IssueRecord(
                    kind: phase == "call" ? .assertion : .thrownError, message: prefix + failure.message,
                    location: failure.location, details: failure.details))
            test.status = .failed
        case "skipped" where expectedFailure != nil:
            guard !test.status.isFailure else { break }
            let failure = PytestLongRepr.failure(report["longrepr"])
            test.issues.append(
                IssueRecord(
                    kind: .knownIssue,
                    message: "xfail: " + (expectedFailure!.isEmpty ? failure.message : expectedFailure!),
                    location: failure.location, details: failure.details))
            test.status = .expectedFailure
        case "skipped":
            guard !test.status.isFailure else { break }
            let reason = PytestLongRepr.skipReason(report["longrepr"]) ?? "skipped"
            test.issues.append(IssueRecord(kind: .skip, message: reason))
            test.status = .skipped
            test.statusReason = reason
        default:
            if let expectedFailure, phase == "call" {
                test.issues.append(
                    IssueRecord(
                        kind: .warning,
                        message: "xpass: the test passed although it is marked to fail"
                            + (expectedFailure.isEmpty ? "" : " (\(expectedFailure))")))
                if test.status == .passed { test.status = .warning }
            }
        }
    }

    /// A collection report that failed or skipped: a failed or skipped test named `(collection)`.
    private func readCollectReport(_ report: JSONValue) throws {
        let outcome = report.text("outcome") ?? "passed"
        guard outcome == "failed" || outcome == "skipped" else { return }
        let nodeID = report.text("nodeid") ?? ""
        var test = OpenTest(line: 0)
        if outcome == "failed" {
            let failure = PytestLongRepr.failure(report["longrepr"])
            test.issues.append(
                IssueRecord(
                    kind: .thrownError, message: "collection failed: " + failure.message, location: failure.location,
                    details: failure.details))
            test.status = .failed
        } else {
            let reason = PytestLongRepr.skipReason(report["longrepr"]) ?? "skipped"
            test.issues.append(IssueRecord(kind: .skip, message: reason))
            test.status = .skipped
            test.statusReason = reason
        }
        try write(nodeID.contains("::") ? nodeID + "::(collection)" : nodeID, test)
    }

    private func write(_ nodeID: String, _ test: OpenTest) throws {
        try stream.write(
            PytestNodeID.identity(nodeID, scopes: scopes), location: test.location,
            attempts: [
                TestAttempt(
                    status: test.status, statusReason: test.statusReason, start: test.start,
                    duration: test.duration, issues: test.issues, output: try stream.captured(test.output))
            ],
            properties: test.properties)
    }
}
