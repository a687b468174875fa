import ResultRecorder
import WordTally
import XCTest

/// XCTest tests that record steps, attachments and measurements (a RecordedTestCase tells the recorder which test
/// runs).
final class WordTallyXCTests: RecordedTestCase {
    func testCountsRepeatedWords() throws {
        let tally = step("Given a sentence with repeated words") {
            WordTally("the cat and the hat and the bat")
        }
        step("Then the most frequent word comes first") {
            step("and its count is right") {
                XCTAssertEqual(tally.counts.first?.word, "the")
                XCTAssertEqual(tally.counts.first?.count, 3)
            }
            attach(text: tally.table(color: false), named: "table.txt")
        }
    }

    func testTablePerformance() {
        let text = String(repeating: "lorem ipsum dolor sit amet ", count: 2_000)
        let measurement = ResultRecorder.measure(iterations: 10) { _ = WordTally(text).table(color: false) }
        XCTAssertEqual(measurement.values.count, 10)
    }

    func testDeliberateFailureInsideAStep() {
        step("When counting an empty string") {
            step("Then there is one word (deliberately wrong)") {
                XCTAssertEqual(WordTally("").total, 1, "a deliberate failure, to show how failures look")
            }
        }
    }

    func testSkippedOnPurpose() throws {
        throw XCTSkip("skipped on purpose, to show how skips look")
    }
}
