import ResultModel

/// Reads `xcresulttool get test-results summary` JSON: it names only the failed tests (`testFailures`: test name,
/// target, identifier and failure text), so those are the tests written, one per identifier with each of its
/// failures as an issue; its counts (`totalTestCount`, `passedTests`, `failedTests`, `skippedTests`,
/// `expectedFailures`) are the run's reported counts, and a warning says how many tests it counts but does not name.
struct XCResultToolSummaryReader {
    let context: ImportContext

    func read(_ buffer: UnsafeBufferPointer<UInt8>) throws -> ImportOutcome {
        var reader = JSONPullReader(buffer)
        let summary: JSONValue
        do {
            summary = try reader.readValue()
            if !reader.isAtEnd() { throw reader.failure("more text follows the JSON document") }
        } catch let error as JSONReadError {
            throw error.importError(file: context.fileName)
        }
        var order: [String] = []
        var failures: [String: (target: String?, name: String, issues: [IssueRecord])] = [:]
        for failure in summary["testFailures"]?.array ?? [] {
            let name = failure["testName"]?.string ?? "(unnamed test)"
            let key = failure["testIdentifierString"]?.string ?? failure["testIdentifierURL"]?.string ?? name
            let placed = XcodeTestOutcome.placed(failure["failureText"]?.string ?? "failed")
            if failures[key] == nil {
                order.append(key)
                failures[key] = (failure["targetName"]?.string, name, [])
            }
            failures[key]?.issues.append(
                IssueRecord(kind: .assertion, message: placed.message, location: placed.location))
        }
        for key in order {
            let failure = failures[key]!
            var parts = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if key == failure.name || key.contains("://") { parts = [failure.name] }
            try context.sink.addTest(
                TestRecord(
                    runIndex: context.runIndex,
                    identity: TestIdentity(module: failure.target, suites: parts.dropLast(), name: parts.last!),
                    attempts: [TestAttempt(status: .failed, issues: failure.issues)]))
        }
        var counts: [String: Int] = [:]
        for (word, key) in [
            ("total", "totalTestCount"), ("passed", "passedTests"), ("failed", "failedTests"),
            ("skipped", "skippedTests"), ("expectedFailures", "expectedFailures"),
        ] {
            if let count = summary[key]?.int { counts["xcresulttool.\(word)"] = count }
        }
        var diagnostics: [Diagnostic] = []
        if let total = counts["xcresulttool.total"], total > order.count {
            diagnostics.append(
                Diagnostic(
                    severity: .warning,
                    message: "this is an xcresulttool summary: it counts \(total) tests but names only the "
                        + "\(order.count) failed; import `xcresulttool get test-results tests` JSON (or the "
                        + ".xcresult bundle) for every test", file: context.fileName))
        }
        if order.isEmpty && counts.isEmpty {
            throw ImportError(
                .notTestOutput, "the summary has neither test counts nor failures", file: context.fileName)
        }
        return ImportOutcome(
            format: .xcresulttoolJSON, testCount: order.count, diagnostics: diagnostics, reportedCounts: counts,
            wallClock: XcodeSummaryTimes.wallClock(summary))
    }
}

/// The span of a summary's `startTime` and `finishTime` (seconds since 1970).
enum XcodeSummaryTimes {
    static func wallClock(_ summary: JSONValue) -> Double? {
        guard let start = summary["startTime"]?.double, let finish = summary["finishTime"]?.double,
            start.isFinite, finish.isFinite, finish >= start
        else { return nil }
        return finish - start
    }
}
