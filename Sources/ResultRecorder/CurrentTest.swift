import Foundation
import ResultModel
import Testing
import XCTest

/// Finds the test that is running: swift-testing's `Test.current`, or the XCTest case a ``RecordedTestCase`` is
/// running.
enum CurrentTest {
    /// The running test's identity, when one is known.
    static var identity: TestIdentity? {
        if let test = Test.current {
            return RecordedTestKey.swiftTestingIdentity(id: String(describing: test.id))
        }
        return XCTestTracker.shared.current
    }
}

/// Which XCTest case is running, set by ``RecordedTestCase``; also turns XCTest assertion failures inside a step
/// into that step's failure.
final class XCTestTracker: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared = XCTestTracker()
    private let lock = NSLock()
    private var identity: TestIdentity?
    private var isObserving = false

    var current: TestIdentity? {
        lock.lock()
        defer { lock.unlock() }
        return identity
    }

    func begin(_ testCase: XCTestCase) {
        lock.lock()
        identity = RecordedTestKey.xctestIdentity(name: testCase.name)
        let needsObserver = !isObserving
        isObserving = true
        lock.unlock()
        if needsObserver { XCTestObservationCenter.shared.addTestObserver(self) }
    }

    func end() {
        lock.lock()
        identity = nil
        lock.unlock()
    }

    func testCase(
        _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
        atLine lineNumber: Int
    ) {
        StepFrame.current?.recordFailure(
            IssueRecord(
                kind: .assertion, message: description,
                location: filePath.map { SourceLocation(file: $0, line: lineNumber) }))
    }
}

/// The base class for XCTest cases that record steps, attachments, snapshots and measurements: it tells the
/// recorder which test is running. Use it in place of `XCTestCase`.
open class RecordedTestCase: XCTestCase {
    /// Runs the test with the recorder attached to it.
    open override func invokeTest() {
        XCTestTracker.shared.begin(self)
        defer { XCTestTracker.shared.end() }
        super.invokeTest()
    }
}
