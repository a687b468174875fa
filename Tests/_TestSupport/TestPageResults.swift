import Foundation
import ResultModel

/// A run whose tests show everything a test page draws: a test retried twice (failed, failed, passed)
/// with start times, nested steps, an image, a text, a JSON and a malformed JSON attachment, a terminal snapshot
/// and measurements with a baseline; and a repeated test whose attempts have no start times. The attachments'
/// text holds markup that must be shown, not run. `Tests/Fixtures/test-page.resultbundle` is this run, written by
/// ``write(into:)`` (re-recorded with `RECORD_SAMPLES=1`).
public enum TestPageResults {
    /// A 96×64 PNG of four colored blocks.
    public static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAAAeElEQVR42u3RAQkAQAwDsQmrsJc4WW+jg8AJKOlsUlXeVjWAAAECBAgQIECAAAECBAgQIECAAAECBAgQIECAAAECBAgQIECAAB0GahvUdhggQIAAAQIECBAgQIAAAQIECBAgQIAAAQIECBAgQIAAAQIECBAgQIeBPsCR0eF+F4xbAAAAAElFTkSuQmCC"
    )!

    /// The JSON attachment, written compactly with its keys out of alphabetical order.
    public static let json =
        #"{"zeta":1,"alpha":[true,false,null],"nested":{"name":"<b>bold</b>","value":-1.5e3},"empty":{}}"#

    /// The text attachment: a few lines, one of them markup.
    public static let text =
        "first line\nsecond line <script>window.__pwned=1</script>\n\nfourth line after a blank one\n"

    /// The name of the retried test.
    public static let retriedTestName = "testCheckoutRetried"

    /// Writes the run into `sink`.
    public static func write(into sink: any ResultSink) throws {
        var run = RunRecord(name: "test page", producer: "tests", source: "TestPageResults")
        run.start = 1_790_000_000
        let index = try sink.beginRun(run)
        let image = try sink.storeBlob(png)
        let textBlob = try sink.storeBlob(Data(text.utf8))
        let jsonBlob = try sink.storeBlob(Data(json.utf8))
        let brokenJSON = try sink.storeBlob(Data(#"{"open": [1, 2"#.utf8))
        let snapshot = TerminalSnapshot(
            columns: 20, rows: 2,
            lines: [
                TerminalLine(runs: [TerminalRun(text: "$ checkout", style: TerminalStyle(foreground: .indexed(2)))]),
                TerminalLine(runs: [TerminalRun(text: "done", style: TerminalStyle())]),
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys  // the same bytes, and so the same blob, every time
        let snapshotBlob = try sink.storeBlob(try encoder.encode(snapshot))
        let screenshot = AttachmentRecord(name: "cart screen.png", mediaType: "image/png", kind: .image, blob: image)
        let attachments = [
            AttachmentRecord(name: "server.log", mediaType: "text/plain", kind: .text, blob: textBlob),
            AttachmentRecord(name: "response.json", mediaType: "application/json", kind: .data, blob: jsonBlob),
            AttachmentRecord(name: "truncated.json", mediaType: "application/json", kind: .data, blob: brokenJSON),
            AttachmentRecord(
                name: "terminal", mediaType: TerminalSnapshot.mediaType, kind: .terminalSnapshot, blob: snapshotBlob),
        ]
        let start = 1_790_000_001.0
        func steps(_ offset: Double, status: TestStatus) -> [ActivityRecord] {
            [
                ActivityRecord(
                    title: "Open the cart", start: start + offset, duration: 0.4, status: .passed,
                    attachments: [screenshot],
                    children: [ActivityRecord(title: "Load items", start: start + offset + 0.1, duration: 0.2)]),
                ActivityRecord(title: "Pay", start: start + offset + 0.4, duration: 0.6, status: status),
            ]
        }
        let failure = IssueRecord(
            kind: .assertion, message: "payment declined", location: SourceLocation(file: "Cart.swift", line: 12))
        let measurements = [
            MeasurementRecord(
                metricID: "org.swift.XCTPerformanceMetric_WallClockTime", name: "Time", unit: "s",
                values: [0.21, 0.2, 0.23, 0.22, 0.2, 0.21, 0.24, 0.2, 0.22, 0.21], baselineAverage: 0.2),
            MeasurementRecord(
                metricID: "memory", name: "Peak memory", unit: "kB",
                values: [10240, 10300, 10280, 10500, 10310, 10290, 10305, 10320, 10275, 10330]),
        ]
        try sink.addTest(
            TestRecord(
                runIndex: index, identity: TestIdentity(module: "ShopTests", suites: ["Cart"], name: retriedTestName),
                status: .passed,
                attempts: [
                    TestAttempt(
                        status: .failed, start: start, duration: 1.0, issues: [failure],
                        activities: steps(0, status: .failed)),
                    TestAttempt(
                        status: .failed, start: start + 1.5, duration: 1.2, issues: [failure],
                        activities: steps(1.5, status: .failed)),
                    TestAttempt(
                        status: .passed, start: start + 3, duration: 1.1, activities: steps(3, status: .passed),
                        attachments: attachments, measurements: measurements),
                ]))
        try sink.addTest(
            TestRecord(
                runIndex: index, identity: TestIdentity(module: "ShopTests", suites: ["Cart"], name: "testRepeated"),
                status: .failed,
                attempts: [
                    TestAttempt(status: .passed, duration: 0.5),
                    TestAttempt(status: .skipped, statusReason: "flag off"),
                    TestAttempt(status: .failed, duration: 0.25, issues: [failure]),
                ]))
        try sink.endRun(index, RunEnd(end: 1_790_000_010, exitCode: 1))
    }
}
