import Foundation
import ResultModel

/// A step being recorded: its title, start, what happened in it, and its finished children. Frames are reached
/// through a task-local value, so concurrent tests and steps never mix; a frame is locked because a step's body
/// may attach things from several tasks.
final class StepFrame: @unchecked Sendable {
    @TaskLocal static var current: StepFrame?

    let title: String
    let start: Date
    private let lock = NSLock()
    private var issues: [IssueRecord] = []
    private var attachments: [AttachmentRecord] = []
    private var children: [ActivityRecord] = []
    private var measurements: [MeasurementRecord] = []
    private var failed = false

    init(title: String) {
        self.title = title
        start = Date()
    }

    func recordFailure(_ issue: IssueRecord) {
        lock.lock()
        issues.append(issue)
        failed = true
        lock.unlock()
    }

    func add(_ attachment: AttachmentRecord) {
        lock.lock()
        attachments.append(attachment)
        lock.unlock()
    }

    func add(_ child: ActivityRecord) {
        lock.lock()
        children.append(child)
        if child.status.isFailure { failed = true }
        lock.unlock()
    }

    /// Measurements taken inside a step are kept for the test (they belong to it, not to the step).
    func add(_ measurement: MeasurementRecord) {
        lock.lock()
        measurements.append(measurement)
        lock.unlock()
    }

    var collectedMeasurements: [MeasurementRecord] {
        lock.lock()
        defer { lock.unlock() }
        return measurements
    }

    /// The finished step; `error` is what its body threw, if anything.
    func finish(error: (any Error)?) -> ActivityRecord {
        lock.lock()
        defer { lock.unlock() }
        var issues = self.issues
        if let error {
            issues.append(IssueRecord(kind: .thrownError, message: "\(error)"))
        }
        let status: TestStatus = (failed || error != nil) ? .failed : .passed
        return ActivityRecord(
            title: title, start: start.timeIntervalSince1970, duration: Date().timeIntervalSince(start), status: status,
            issues: issues, attachments: attachments, children: children)
    }
}
