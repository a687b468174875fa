import ResultModel
import Testing

@testable import HTMLReport

/// The expected/actual view of failed equality assertions, read from each framework's own message.
struct EqualityComparisonTests {
    @Test(arguments: [
        (
            "XCTAssertEqual failed: (\"Optional(3)\") is not equal to (\"Optional(4)\") - sums",
            "First value", "Optional(3)", "Second value", "Optional(4)"
        ),
        ("Expectation failed: (sum → 3) == (expected → 4)", "sum", "3", "expected", "4"),
        ("Expectation failed: (name → \"Ada\") == \"Ana\"", "name", "\"Ada\"", "Literal", "\"Ana\""),
        ("expected:<hello [world]> but was:<hello [there]>", "Expected", "hello [world]", "Actual", "hello [there]"),
        (
            "org.opentest4j.AssertionFailedError: expected: <2> but was: <3>", "Expected", "2", "Actual", "3"
        ),
        ("AssertionError: assert 'abc' == 'abd'", "Left", "'abc'", "Right", "'abd'"),
        ("E       assert [1, 2] == [1, 3]", "Left", "[1, 2]", "Right", "[1, 3]"),
        (
            "expect(received).toBe(expected) // Object.is equality\n\nExpected: \"blue\"\nReceived: \"green\"",
            "Expected", "\"blue\"", "Received", "\"green\""
        ),
    ])
    func readsBothSidesOfEachFrameworksMessage(
        message: String, leftLabel: String, left: String, rightLabel: String, right: String
    ) throws {
        let comparison = try #require(EqualityComparison(message: message))
        #expect(comparison.left == .init(label: leftLabel, value: left))
        #expect(comparison.right == .init(label: rightLabel, value: right))
    }

    @Test(arguments: [
        "XCTAssertTrue failed", "assert x", "Expectation failed: isValid", "assert a == b == c",
        "XCTAssertEqual failed: (\"1\") is not equal to (\"1\")",
    ])
    func statesNoComparisonWhereTheMessageHasNone(message: String) {
        #expect(EqualityComparison(message: message) == nil)
    }

    @Test func theViewMarksTheDifferingMiddleAndEscapes() throws {
        let comparison = try #require(
            EqualityComparison(message: "expected:<<b>total 12</b>> but was:<<b>total 13</b>>"))
        var html = OutputBuffer(capacity: 128)
        EqualityComparisonHTML.append(comparison, to: &html)
        #expect(html.string.contains("<dd><code>&lt;b&gt;total 1<mark>2</mark>&lt;/b&gt;</code></dd>"))
        #expect(html.string.contains("<dd><code>&lt;b&gt;total 1<mark>3</mark>&lt;/b&gt;</code></dd>"))
    }

    @Test func anIssueShowsItsMessageOnceAndTheOutputThatCarriedItBelow() {
        let issue = IssueRecord(
            kind: .assertion, message: "expected:<1> but was:<2>",
            details: "java.lang.AssertionError: expected:<1> but was:<2>\n\tat CalcTest.adds(CalcTest.java:12)")
        let html = IssueHTML.list([issue]).string
        #expect(html.components(separatedBy: "expected:&lt;1&gt; but was:&lt;2&gt;").count - 1 == 1)
        #expect(html.contains("<pre class=\"details\">\tat CalcTest"))
        #expect(html.contains("<dl class=\"comparison\""))
    }

    @Test func attachmentMarkersLeaveTheShownOutput() {
        let text = "step 1\n  [[ATTACHMENT|/tmp/shot.png]]  \nstep 2 mentions [[ATTACHMENT|x]] inline"
        #expect(AttachmentMarkerLines.removing(from: text) == "step 1\nstep 2 mentions [[ATTACHMENT|x]] inline")
    }
}
