import Foundation
import ResultModel

/// Runs `body` as a named step of the running test, recording its start, duration, status and whatever is
/// attached inside it. Steps nest. A step fails when its body throws (the error is rethrown) or, in a
/// ``RecordedTestCase``, when an XCTest assertion fails inside it.
@discardableResult
public func step<T>(_ title: String, _ body: () async throws -> T) async rethrows -> T {
    let frame = StepFrame(title: title)
    do {
        let value = try await StepFrame.$current.withValue(frame) { try await body() }
        finish(frame, error: nil)
        return value
    } catch {
        finish(frame, error: error)
        throw error
    }
}

/// Runs `body` as a named step of the running test; the synchronous form of ``step(_:_:)-(_,()->T)``.
@discardableResult
public func step<T>(_ title: String, _ body: () throws -> T) rethrows -> T {
    let frame = StepFrame(title: title)
    do {
        let value = try StepFrame.$current.withValue(frame) { try body() }
        finish(frame, error: nil)
        return value
    } catch {
        finish(frame, error: error)
        throw error
    }
}

private func finish(_ frame: StepFrame, error: (any Error)?) {
    let activity = frame.finish(error: error)
    let measurements = frame.collectedMeasurements
    if let parent = StepFrame.current {
        parent.add(activity)
        for measurement in measurements { parent.add(measurement) }
    } else {
        Journal.shared.write(activities: [activity], measurements: measurements)
    }
}

/// Adds an attachment to the running step, or to the test when no step runs.
func record(_ attachment: AttachmentRecord) {
    if let frame = StepFrame.current {
        frame.add(attachment)
    } else {
        Journal.shared.write(attachments: [attachment])
    }
}
