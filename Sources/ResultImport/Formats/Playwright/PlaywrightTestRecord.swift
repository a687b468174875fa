import Foundation
import ResultModel

/// One Playwright test (a spec in one project) as a record: each of its `results` an attempt, the test's own
/// `status` (`expected`, `unexpected`, `flaky`, `skipped`) and `expectedStatus` deciding the final status.
enum PlaywrightTestRecord {
    /// The words of a result's `status` and the status each stands for.
    static let resultStatuses: [String: TestStatus] = [
        "passed": .passed, "failed": .failed, "timedOut": .timedOut, "skipped": .skipped,
        "interrupted": .interrupted,
    ]

    static func record(
        _ test: JSONValue, suites: [String], title: String, location: SourceLocation?, tags: [String],
        attachments: PlaywrightAttachments
    ) throws -> TestRecord {
        let word = test["status"]?.string ?? "expected"
        let expectsFailure = test["expectedStatus"]?.string == "failed"
        let annotations = (test["annotations"]?.array ?? []).map {
            NameValue(name: $0["type"]?.string ?? "annotation", value: $0["description"]?.string ?? "")
        }
        var attempts: [TestAttempt] = []
        for result in test["results"]?.array ?? [] {
            attempts.append(try attempt(result, attachments: attachments))
        }
        if attempts.isEmpty { attempts.append(TestAttempt(status: word == "skipped" ? .skipped : .unknown)) }
        var last = attempts.removeLast()
        switch word {
        case "skipped":
            let reason = annotations.first { ["skip", "fixme"].contains($0.name) }.map {
                $0.value.isEmpty ? $0.name : $0.value
            }
            last.status = .skipped
            last.statusReason = reason ?? "skipped"
            last.issues.append(IssueRecord(kind: .skip, message: reason ?? "skipped"))
        case "expected" where expectsFailure:
            // `test.fail()`: it failed, as it was marked to.
            last.status = .expectedFailure
            last.issues = last.issues.map { issue in
                var known = issue
                known.kind = .knownIssue
                return known
            }
            if last.issues.isEmpty {
                last.issues.append(IssueRecord(kind: .knownIssue, message: "failed as expected (test.fail())"))
            }
        case "unexpected" where expectsFailure && last.status == .passed:
            last.status = .failed
            last.issues.append(
                IssueRecord(kind: .assertion, message: "passed, but it was expected to fail (test.fail())"))
        default:
            break
        }
        attempts.append(last)
        let project = test["projectName"]?.string ?? ""
        var properties = annotations
        if !project.isEmpty { properties.insert(NameValue(name: "project", value: project), at: 0) }
        return TestRecord(
            identity: TestIdentity(suites: suites, name: title), location: location, tags: tags,
            attempts: attempts, properties: properties)
    }

    /// One result: an attempt with its errors, steps, output and attachments.
    private static func attempt(_ result: JSONValue, attachments: PlaywrightAttachments) throws -> TestAttempt {
        let word = result["status"]?.string ?? ""
        let status = resultStatuses[word] ?? .unknown
        var errors = result["errors"]?.array ?? []
        if errors.isEmpty, let error = result["error"], !error.isNull { errors = [error] }
        var issues = errors.map { issue($0, kind: status == .timedOut ? .timeout : .assertion) }
        if status.isFailure, issues.isEmpty { issues.append(IssueRecord(kind: .assertion, message: word)) }
        let output = text(result["stdout"]) + text(result["stderr"])
        return TestAttempt(
            status: status,
            start: result["startTime"]?.string.flatMap(JUnitTimestamp.parse),
            duration: result["duration"]?.double.map { $0 / 1000 },
            issues: issues,
            activities: (result["steps"]?.array ?? []).map(activity),
            attachments: try attachments.records(result["attachments"]),
            output: output.isEmpty ? nil : CapturedOutput(text: output),
            worker: result["workerIndex"]?.int.map { "worker \($0)" })
    }

    private static func issue(_ error: JSONValue, kind: IssueRecord.Kind) -> IssueRecord {
        let message = error["message"]?.string ?? error["value"]?.string ?? "error"
        let place = error["location"]
        let location = place?["file"]?.string.map {
            SourceLocation(file: $0, line: place?["line"]?.int ?? 0, column: place?["column"]?.int)
        }
        return FailureText.issue(error["stack"]?.string ?? message, message: message, kind: kind, location: location)
    }

    /// A step and its children.
    private static func activity(_ step: JSONValue) -> ActivityRecord {
        let error = step["error"].flatMap { $0.isNull ? nil : $0 }
        return ActivityRecord(
            title: step["title"]?.string ?? "step",
            start: step["startTime"]?.string.flatMap(JUnitTimestamp.parse),
            duration: step["duration"]?.double.map { $0 / 1000 },
            status: error == nil ? .passed : .failed,
            issues: error.map { [issue($0, kind: .assertion)] } ?? [],
            children: (step["steps"]?.array ?? []).map(activity))
    }

    /// The text of a `stdout` or `stderr` list: `{text}` items, or `{buffer}` in base64.
    private static func text(_ list: JSONValue?) -> String {
        var text = ""
        for item in list?.array ?? [] {
            if let chunk = item["text"]?.string ?? item.string {
                text += chunk
            } else if let buffer = item["buffer"]?.string, let data = Data(base64Encoded: buffer) {
                text += String(decoding: data, as: UTF8.self)
            }
        }
        return text
    }
}
