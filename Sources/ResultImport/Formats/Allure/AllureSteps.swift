import Foundation
import ResultModel

/// Allure's steps and fixtures (`befores` and `afters` of containers), which share one shape: `name`, `status`,
/// `statusDetails`, `start` and `stop` in milliseconds, nested `steps`, `attachments` and `parameters`. Each
/// becomes an ``ActivityRecord``; a failed or broken one carries its failure as an issue.
struct AllureSteps {
    /// Stores the attachments the items name.
    let attachments: AllureAttachments
    /// The file the items come from, for the warnings about their attachments.
    let fileName: String
    /// The test's class, which helps find its own frame in a trace.
    let className: String?

    /// The activities of `steps` (an array of step objects), in order.
    func activities(_ steps: JSONValue?) -> [ActivityRecord] {
        (steps?.array ?? []).map { activity($0, titlePrefix: "") }
    }

    /// The activity of one step or fixture; `titlePrefix` says what a fixture is (`set up: `).
    func activity(_ step: JSONValue, titlePrefix: String) -> ActivityRecord {
        let word = step["status"]?.string
        var title = step["name"]?.string ?? "(unnamed step)"
        let parameters = AllureTime.parameters(step["parameters"])
        if !parameters.isEmpty {
            title += " (" + parameters.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + ")"
        }
        let issue = AllureStatus.issue(status: word, details: step["statusDetails"], className: className)
        return ActivityRecord(
            title: titlePrefix + title,
            start: AllureTime.seconds(step["start"]),
            duration: AllureTime.duration(start: step["start"], stop: step["stop"]),
            status: word == nil && issue == nil ? .passed : AllureStatus.status(word),
            issues: issue.map { [$0] } ?? [],
            attachments: attachments.records(step["attachments"], fileName: fileName),
            children: activities(step["steps"]))
    }
}

/// Allure's times (milliseconds since 1970) and parameters (`name`, `value`, `excluded`, `mode`).
enum AllureTime {
    /// Milliseconds since 1970 as seconds, when the value is a finite number.
    static func seconds(_ value: JSONValue?) -> Double? {
        guard let milliseconds = value?.double, milliseconds.isFinite else { return nil }
        return milliseconds / 1000
    }

    /// `stop - start` in seconds, when both are there and in order.
    static func duration(start: JSONValue?, stop: JSONValue?) -> Double? {
        guard let start = seconds(start), let stop = seconds(stop), stop >= start else { return nil }
        return stop - start
    }

    /// The parameters shown: a `hidden` one is left out and a `masked` one's value is hidden.
    static func parameters(_ value: JSONValue?) -> [NameValue] {
        (value?.array ?? []).compactMap { parameter in
            guard let name = parameter["name"]?.string else { return nil }
            switch parameter["mode"]?.string {
            case "hidden": return nil
            case "masked": return NameValue(name: name, value: "******")
            default: return NameValue(name: name, value: parameter["value"]?.string ?? "")
            }
        }
    }
}
