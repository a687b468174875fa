import ResultModel
import Testing

@testable import HTMLReport

@Suite struct AttemptTimelineHTMLTests {
    @Test func showsNothingForASingleAttempt() {
        #expect(AttemptTimelineHTML.render([TestAttempt(status: .passed, duration: 1)]) == nil)
        #expect(AttemptTimelineHTML.render([]) == nil)
    }

    @Test func linksEachAttemptInOrderWithItsStatusDurationAndOffset() throws {
        let html = try #require(
            AttemptTimelineHTML.render([
                TestAttempt(status: .failed, start: 100, duration: 1),
                TestAttempt(status: .timedOut, start: 101.5, duration: 0.25),
                TestAttempt(status: .passed, start: 103, duration: 1),
            ]))
        let items = html.components(separatedBy: "<li>").dropFirst()
        #expect(items.count == 3)
        for (index, (item, status)) in zip(items, ["failed", "timedOut", "passed"]).enumerated() {
            #expect(
                item.hasPrefix("<a href=\"#attempt-\(index + 1)\"><span class=\"attempt-name\">Attempt \(index + 1)"))
            #expect(item.contains("<span class=\"badge st s-\(status)\">\(status)</span>"))
        }
        #expect(items.map { $0.contains("started at +") } == [true, true, true])
        #expect(html.contains("<span class=\"num\">250 ms</span> <span class=\"offset\">started at +1.5 s</span>"))
        // The bars share one time scale (0 to 4 s over 240 px): the second starts at 1.5 s and lasts 0.25 s.
        #expect(html.contains("<rect x=\"90\" width=\"15\" height=\"10\""))
    }

    @Test func drawsAttemptsWithoutStartsOneAfterTheOtherWithoutOffsets() throws {
        let html = try #require(
            AttemptTimelineHTML.render([
                TestAttempt(status: .passed, duration: 1),
                TestAttempt(status: .skipped),
                TestAttempt(status: .failed, start: 5, duration: 1),
            ]))
        #expect(!html.contains("started at"))
        #expect(html.contains("<rect x=\"0\" width=\"120\""))
        #expect(html.contains("<rect x=\"120\" width=\"2\""))  // no duration: a sliver where it ran
        #expect(html.contains("<rect x=\"120\" width=\"120\""))
        #expect(html.contains("<span class=\"badge st s-skipped\">skipped</span>"))
    }
}
