import Foundation
import ResultModel

/// Reads the Dart JSON reporter's events line by line. Memory holds the suites and groups seen (a few per test
/// file) and the tests started and not yet done. Hidden tests (the `loading …` pseudo-tests of each file) are not
/// tests and are not counted, unless they fail: a file that does not load is a failed test named after it.
///
/// A test's module is its suite's path, its suites are its groups' own names, and its name is what its full name
/// adds to its innermost group's (`Test 1 Test 1.1 Failing test` in group `Test 1 Test 1.1` is `Failing test`).
final class DartJSONParser: LineStreamParser {
    private let stream: StreamOutput
    private var lines: JSONLines
    private var fileName: String { stream.fileName }
    private var suites: [Int: String] = [:]
    private var groups: [Int: (name: String, parent: Int?)] = [:]
    private var running: [Int: RunningTest] = [:]

    private struct RunningTest {
        var line: Int
        var identity: TestIdentity
        var location: SourceLocation?
        var startMilliseconds: Double?
        var skipReason: String?
        var issues: [IssueRecord] = []
        var output = OutputBuffer(limit: 1 << 20)
    }

    init(output: StreamOutput) {
        stream = output
        lines = JSONLines(fileName: output.fileName)
    }

    func consume(_ line: LineReader.Line) throws {
        guard let event = lines.object(line), let type = event.text("type") else { return }
        switch type {
        case "suite":
            if let id = event["suite"]?["id"]?.int, stream.mayKeep(suites.count, "suites", line: line.number) {
                suites[id] = Substring(event["suite"]?.text("path") ?? "").replacingBackslashes
            }
        case "group":
            guard let group = event["group"], let id = group["id"]?.int,
                stream.mayKeep(groups.count, "groups", line: line.number)
            else { return }
            groups[id] = (group.text("name") ?? "", group["parentID"]?.int)
        case "testStart":
            guard let test = event["test"], let id = test["id"]?.int,
                stream.mayKeep(running.count, "tests", line: line.number)
            else { return }
            running[id] = start(test, time: event["time"]?.double, line: line.number)
        case "print":
            guard let id = event["testID"]?.int, running[id] != nil, let message = event.text("message") else { return }
            running[id]!.output.append(bytesOf: message)
        case "error":
            guard let id = event["testID"]?.int, running[id] != nil else { return }
            let trace = event.text("stackTrace") ?? ""
            running[id]!.issues.append(
                IssueRecord(
                    kind: event["isFailure"]?.bool == true ? .assertion : .thrownError,
                    message: (event.text("error") ?? "error").trimmingCharacters(in: .newlines),
                    location: DartStackTrace.location(in: trace), details: trace.isEmpty ? nil : trace))
        case "testDone":
            guard let id = event["testID"]?.int, let test = running.removeValue(forKey: id) else { return }
            try done(test, event: event)
        default:
            return  // start, allSuites, debug, done.
        }
    }

    /// Writes the tests never done, as interrupted, with an error: the stream is cut off.
    func finish() throws -> [Diagnostic] {
        let unfinished = running.values.sorted { $0.line < $1.line }
        running.removeAll()
        for test in unfinished {
            try write(test, status: .interrupted, reason: "the stream ends while this test runs", duration: nil)
        }
        guard let first = unfinished.first else { return lines.finish() }
        return lines.finish() + [stream.unfinished(unfinished.count, first: first.identity.name, line: first.line)]
    }

    private func start(_ test: JSONValue, time: Double?, line: Int) -> RunningTest {
        let fullName = test.text("name") ?? "(unnamed test)"
        var chain: [String] = []
        var innermost = ""
        if let groupIDs = test["groupIDs"]?.array?.compactMap(\.int) {
            for id in groupIDs {
                guard let group = groups[id], !group.name.isEmpty else { continue }
                chain.append(ownName(group.name, inside: innermost))
                innermost = group.name
            }
        }
        let module = test["suiteID"]?.int.flatMap { suites[$0] }
        let url = test.text("root_url") ?? test.text("url")
        let lineNumber = test["root_line"]?.int ?? test["line"]?.int
        var location: SourceLocation?
        if let url, let lineNumber, lineNumber > 0 {
            let path = url.hasPrefix("file://") ? (URL(string: url)?.path ?? url) : url
            location = SourceLocation(file: path, line: lineNumber, column: test["column"]?.int)
        }
        let metadata = test["metadata"]
        return RunningTest(
            line: line,
            identity: TestIdentity(
                module: module.flatMap { $0.isEmpty ? nil : $0 }, suites: chain,
                name: ownName(fullName, inside: innermost)),
            location: location, startMilliseconds: time,
            skipReason: metadata?["skip"]?.bool == true ? (metadata?.text("skipReason") ?? "skipped") : nil)
    }

    private func done(_ test: RunningTest, event: JSONValue) throws {
        let result = event.text("result") ?? "success"
        let duration = event["time"]?.double.flatMap { end in
            test.startMilliseconds.map { max(0, (end - $0) / 1000) }
        }.flatMap { $0.isFinite ? $0 : nil }
        if event["hidden"]?.bool == true && result == "success" { return }
        if event["skipped"]?.bool == true {
            try write(test, status: .skipped, reason: test.skipReason ?? "skipped", duration: duration)
        } else if result == "success" {
            try write(test, status: .passed, reason: nil, duration: duration)
        } else {
            try write(test, status: .failed, reason: nil, duration: duration)
        }
    }

    private func write(_ test: RunningTest, status: TestStatus, reason: String?, duration: Double?) throws {
        var issues = test.issues
        if status == .skipped { issues.append(IssueRecord(kind: .skip, message: reason ?? "skipped")) }
        if status.isFailure && !issues.contains(where: \.kind.isFailure) {
            issues.append(IssueRecord(kind: .other, message: reason ?? "the test failed"))
        }
        try stream.write(
            test.identity, location: test.location,
            attempts: [
                TestAttempt(
                    status: status, statusReason: reason, duration: duration, issues: issues,
                    output: try test.output.captured(inlineLimit: 16 << 10, sink: stream.sink))
            ])
    }

    /// What `full` adds to the name of the group it is in (`Test 1 Test 1.1` inside `Test 1` is `Test 1.1`).
    private func ownName(_ full: String, inside group: String) -> String {
        guard !group.isEmpty, full.hasPrefix(group + " ") else { return full }
        return String(full.dropFirst(group.count + 1))
    }
}
