import Foundation
import ResultModel

/// Reads test2json events line by line. Memory holds only what is still open: the tests running now (with their
/// output, bounded) and the failed tests, which wait for the stream's end because a later rerun of the same test
/// (`gotestsum --rerun-fails` appends its runs to the same stream) makes them earlier attempts and its own result
/// the last one. Passed and skipped tests are written as they end.
///
/// A test with subtests is the suite of its subtests, not a test of its own, unless it fails while every
/// subtest passed (a failure of its own code). Tests still running when their package fails (a panic, a timeout,
/// `os.Exit`) fail with the package's output; a package that fails with no failed test (a build failure, a
/// failing `TestMain`) is one failed test named `(package)` or `(build)`.
final class GoTestJSONParser: LineStreamParser {
    private let stream: StreamOutput
    private var lines: JSONLines
    private var fileName: String { stream.fileName }
    private var packages: [String: PackageState] = [:]
    /// The output of builds, by import path (`example.com/calc [example.com/calc.test]`), until their package
    /// fails with `FailedBuild` naming them.
    private var buildOutput: [String: OutputBuffer] = [:]
    /// Failed tests by key (package and name), in the order they first failed.
    private var failures = HeldFailures<GoTestID>()
    /// The most output kept per test or package.
    static let outputLimit = 1 << 20
    private let event = GoTestEvent()
    /// The package and test names of the lines before, as strings: most lines name the same ones as the line
    /// before them, and then no string is made.
    private var packageName = RecentString()
    private var testName = RecentString()
    /// Where the parts of a passed test's name are, kept from test to test.
    private var nameParts: [Range<Int>] = []

    private struct RunningTest {
        var start: Double?
        var output = OutputBuffer(limit: GoTestJSONParser.outputLimit)
        var hasSubtests = false
        var subtestFailed = false
    }

    private struct PackageState {
        var tests: [String: RunningTest] = [:]
        var output = OutputBuffer(limit: GoTestJSONParser.outputLimit)
        var failedTests = 0
        var line = 0
        /// Output of tests whose `run` event is not in the stream (test2json run on a log that starts mid-test),
        /// kept for their result (at most ``orphanLimit`` tests).
        var orphans: [String: OutputBuffer] = [:]
    }

    static let orphanLimit = 1000

    /// A test's key among the failures held: its package and its name.
    private struct GoTestID: Hashable {
        var package: String
        var name: String
    }

    init(output: StreamOutput) {
        stream = output
        lines = JSONLines(fileName: output.fileName)
    }

    func consume(_ line: LineReader.Line) throws {
        guard lines.read(line, into: event), let action = event[.action].text else { return }
        // test2json's own framing of a running test's output (`=== RUN`, `--- PASS: …`) is dropped, as below, without
        // reading the line further.
        if action == "output", let output = event[.output], GoTestName.isFraming(plainOutput: output),
            let test = testName.string(for: event[.test]),
            packages[packageName.string(for: event[.package]) ?? ""]?.tests[test] != nil
        {
            return
        }
        let package = packageName.string(for: event[.package]) ?? ""
        let test = testName.string(for: event[.test])
        // Parsed only for the events that keep it: most lines are output.
        var time: Double? { event[.time].text.flatMap(JUnitTimestamp.parse) }
        switch action {
        case "build-output":
            let path = event[.importPath].text ?? package
            appendText(event[.output].text, to: &buildOutput[path, default: OutputBuffer(limit: Self.outputLimit)])
        case "start":
            packages[package, default: PackageState(line: line.number)].line = line.number
        case "run":
            guard let test, stream.mayKeep(packages[package]?.tests.count ?? 0, "tests", line: line.number),
                stream.mayKeep(packages.count, "packages", line: line.number) || packages[package] != nil
            else { return }
            var state = packages[package] ?? PackageState(line: line.number)
            state.tests[test] = RunningTest(start: time)
            if let parent = GoTestName.parent(of: test) { state.tests[parent]?.hasSubtests = true }
            packages[package] = state
        case "output":
            guard let output = event[.output].text else { return }
            // Taken out and put back, so the buffers are changed in place rather than copied.
            var state = packages.removeValue(forKey: package) ?? PackageState(line: line.number)
            if let test, state.tests[test] != nil {
                appendText(output, to: &state.tests[test]!.output, droppingFraming: true)
            } else if let test, state.orphans[test] != nil || state.orphans.count < Self.orphanLimit {
                appendText(
                    output, to: &state.orphans[test, default: OutputBuffer(limit: Self.outputLimit)],
                    droppingFraming: true)
            } else {
                appendText(output, to: &state.output)
            }
            packages[package] = state
        case "pass", "fail", "skip":
            let status: TestStatus = action == "pass" ? .passed : action == "fail" ? .failed : .skipped
            let elapsed = event[.elapsed]?.double.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
            if let test {
                try endTest(test, in: package, status: status, duration: elapsed)
            } else {
                try endPackage(package, status: status, failedBuild: event[.failedBuild].text, time: time)
            }
        default:
            return  // pause, cont, bench, build-fail: what they mean arrives with other events.
        }
    }

    /// Writes what is still open: the failed tests held for reruns, and tests of packages the stream never ended
    /// (as interrupted, with an error diagnostic: the stream is cut off or `go test` was killed).
    func finish() throws -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (package, state) in packages.sorted(by: { $0.value.line < $1.value.line }) {
            for (name, running) in state.tests.sorted(by: { $0.key < $1.key }) where !running.hasSubtests {
                try write(
                    package: package, name: name, running: running, status: .interrupted,
                    reason: "the stream ends while this test runs", duration: nil)
            }
            diagnostics.append(
                Diagnostic(
                    severity: .error,
                    message: "the stream ends before package \(package) ends (the file is cut off or go test was "
                        + "killed); its running tests are imported as interrupted",
                    file: fileName, line: state.line))
        }
        packages.removeAll()
        for record in failures.drain() { try stream.write(record) }
        return lines.finish() + diagnostics
    }

    private func endTest(_ test: String, in package: String, status: TestStatus, duration: Double?) throws {
        guard let running = packages[package]?.tests.removeValue(forKey: test) else {
            // A result without its `run` (a stream that starts mid-package): the result is still a test.
            var orphan = RunningTest()
            if let output = packages[package]?.orphans.removeValue(forKey: test) { orphan.output = output }
            if status == .failed { packages[package]?.failedTests += 1 }
            try write(package: package, name: test, running: orphan, status: status, duration: duration)
            return
        }
        if status == .failed {
            packages[package]?.failedTests += 1
            if let parent = GoTestName.parent(of: test) { packages[package]?.tests[parent]?.subtestFailed = true }
        }
        if running.hasSubtests && !(status == .failed && !running.subtestFailed) { return }
        if status == .passed, running.output.isEmpty, !failures.contains(GoTestID(package: package, name: test)),
            try writePassedFromBytes(start: running.start, duration: duration)
        {
            return
        }
        try write(package: package, name: test, running: running, status: status, duration: duration)
    }

    private func endPackage(_ package: String, status: TestStatus, failedBuild: String?, time: Double?) throws {
        let state = packages.removeValue(forKey: package) ?? PackageState()
        let packageOutput = text(of: state.output)
        // Tests still running when their package ends were stopped by it: a panic, a timeout, `os.Exit`.
        var stopped = 0
        for (name, running) in state.tests.sorted(by: { $0.key < $1.key }) where !running.hasSubtests {
            var stoppedTest = running
            stoppedTest.output.append(bytesOf: packageOutput)
            try write(
                package: package, name: name, running: stoppedTest, status: status == .failed ? .failed : .interrupted,
                reason: "the test binary ended while this test ran", duration: nil)
            stopped += 1
        }
        guard status == .failed, state.failedTests == 0, stopped == 0 else { return }
        if let failedBuild {
            let output = buildOutput.removeValue(forKey: failedBuild).map(text(of:)) ?? packageOutput
            let message = output.split(separator: "\n").first { !$0.hasPrefix("#") }.map(String.init)
            try writeFailure(
                package: package, name: "(build)",
                issue: IssueRecord(
                    kind: .other, message: "the build failed: " + (message ?? failedBuild),
                    location: GoTraceReader.location(in: output.split(separator: "\n"), className: nil),
                    details: output.isEmpty ? nil : output, type: "build"),
                time: time)
        } else {
            try writeFailure(
                package: package, name: "(package)",
                issue: GoTestOutput.failure(in: packageOutput, reason: "the package failed outside its tests"),
                time: time)
        }
    }

    private func writeFailure(package: String, name: String, issue: IssueRecord, time: Double?) throws {
        try stream.write(
            TestIdentity(module: package, name: name),
            attempts: [TestAttempt(status: .failed, start: time, issues: [issue])])
    }

    private func write(
        package: String, name: String, running: RunningTest, status: TestStatus, reason: String? = nil,
        duration: Double?
    ) throws {
        let output = text(of: running.output)
        var issues: [IssueRecord] = []
        var statusReason = reason
        var status = status
        switch status {
        case .failed, .interrupted:
            let issue = GoTestOutput.failure(in: output, reason: reason)
            // The testing package's own timeout (`panic: test timed out after 1s`) ends the test it stopped.
            if issue.type == "panic", issue.message.hasPrefix("test timed out") { status = .timedOut }
            issues.append(issue)
        case .skipped:
            statusReason = GoTestOutput.skipReason(in: output) ?? "skipped"
            issues.append(IssueRecord(kind: .skip, message: statusReason!))
        default: break
        }
        let attempt = TestAttempt(
            status: status, statusReason: statusReason, start: running.start, duration: duration, issues: issues,
            output: try running.output.captured(inlineLimit: 16 << 10, sink: stream.sink))
        let identity = GoTestName.identity(package: package, test: name)
        let key = GoTestID(package: package, name: name)
        if var record = failures.take(key) {
            // A rerun: the earlier failures are earlier attempts, and the last result wins.
            record.attempts.append(attempt)
            record.status = record.combinedStatus
            try hold(record, key: key)
            return
        }
        if status == .passed, attempt.output == nil {
            return try stream.writePassed(identity, start: running.start, duration: duration)
        }
        try hold(TestRecord(runIndex: stream.runIndex, identity: identity, attempts: [attempt]), key: key)
    }

    /// Writes the passed test of the event just read from the bytes of its package and its name, when both are
    /// plain strings and the name is ASCII (split at its `/` as ``GoTestName/identity(package:test:)`` splits it);
    /// `false` otherwise.
    private func writePassedFromBytes(start: Double?, duration: Double?) throws -> Bool {
        guard let package = event[.package]?.plainBytes, let name = event[.test]?.plainBytes,
            name.allSatisfy({ $0 < 0x80 })
        else { return false }
        nameParts.removeAll(keepingCapacity: true)
        var partStart = 0
        for index in name.indices where name[index] == UInt8(ascii: "/") {
            nameParts.append(partStart..<index)
            partStart = index + 1
        }
        nameParts.append(partStart..<name.count)
        let parts = nameParts
        try withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: parts.count) { slices in
            for (index, part) in parts.enumerated() {
                slices.initializeElement(at: index, to: UnsafeBufferPointer(rebasing: name[part]))
            }
            try stream.writePassed(
                PassedTestText(
                    runIndex: stream.runIndex, module: package.isEmpty ? nil : package,
                    outerSuites: UnsafeBufferPointer(rebasing: slices[0..<max(0, parts.count - 2)]),
                    suite: parts.count > 1 ? slices[parts.count - 2] : nil, name: slices[parts.count - 1],
                    start: start, duration: duration))
        }
        return true
    }

    /// Holds a test whose last attempt failed (and writes what no longer fits); writes any other at once.
    private func hold(_ record: TestRecord, key: GoTestID) throws {
        guard record.attempts.last?.status.isFailure == true else { return try stream.write(record) }
        for overflow in failures.hold(record, for: key) { try stream.write(overflow) }
    }

    private func appendText(_ text: String?, to buffer: inout OutputBuffer, droppingFraming: Bool = false) {
        guard var text else { return }
        if text.hasSuffix("\n") { text.removeLast() }
        if droppingFraming, GoTestName.isFraming(text[...]) { return }
        buffer.append(bytesOf: text)
    }

    private func text(of buffer: OutputBuffer) -> String {
        var text = String(decoding: buffer.bytes, as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

extension OutputBuffer {
    /// Appends `text` as one line.
    mutating func append(bytesOf text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }
}
