import Foundation
import ResultModel
import XCTest

@testable import ResultRecorder

/// The recorder from XCTest: a RecordedTestCase attaches records to the running test case, and assertion
/// failures inside a step mark it failed.
final class RecorderXCTests: RecordedTestCase {
    func testStepsLandUnderThisTestCase() throws {
        _ = JournalFolder.url
        step("outer xctest step") {
            step("inner xctest step") { attach(text: "x", named: "x.txt") }
        }
        let fragments = try JournalFolder.fragments()["RecorderXCTests/testStepsLandUnderThisTestCase"] ?? []
        let outer = try XCTUnwrap(fragments.flatMap(\.activities).first { $0.title == "outer xctest step" })
        XCTAssertEqual(outer.children.first?.title, "inner xctest step")
    }

    func testAssertionFailureInsideAStepMarksItFailed() throws {
        _ = JournalFolder.url
        // XCTest on Linux has no XCTExpectFailure: deliver the failure the way XCTest's observation center would.
        step("asserting step") {
            XCTestTracker.shared.testCase(
                self, didFailWithDescription: "XCTAssertEqual failed", inFile: "T.swift", atLine: 3)
        }
        let fragments =
            try JournalFolder.fragments()["RecorderXCTests/testAssertionFailureInsideAStepMarksItFailed"] ?? []
        let failed = try XCTUnwrap(fragments.flatMap(\.activities).first { $0.title == "asserting step" })
        XCTAssertEqual(failed.status, .failed)
    }
}
