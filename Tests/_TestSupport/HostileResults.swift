import Foundation
import ResultModel

/// Results whose every displayed string is an attack: script tags, event-handler attributes, quotes,
/// `javascript:` URLs, ANSI sequences, `../` paths, control characters, `]]>` and invalid UTF-8. Reports and
/// exports of it must show the text and run nothing, write nothing outside their folder, and stay valid XML.
public enum HostileResults {
    /// The marker every injected script sets; a report is safe when it stays undefined.
    public static let marker = "__pwned"
    public static let script = "<script>window.__pwned=1</script>"
    public static let attribute = "\" onmouseover=\"window.__pwned=1\" x=\""
    public static let image = "<img src=x onerror=\"window.__pwned=1\">"

    /// Writes one run of hostile tests into `sink`.
    public static func write(into sink: any ResultSink) throws {
        var run = RunRecord(
            name: "run \(script)", producer: "tests", source: "import\(image)",
            command: ["swift", "test", image],
            host: HostInfo(hostname: "host\(attribute)", operatingSystem: "OS \(script)"),
            toolchain: "Swift \u{1B}[31m6.3\u{1B}[0m]]>",
            environment: [
                NameValue(name: "ci.jobURL", value: "javascript:window.__pwned=1"),
                NameValue(name: "vcs.commit", value: "\u{0}\u{1}\u{FFFE}]]>\(script)"),
            ])
        run.start = 1_790_000_000
        let index = try sink.beginRun(run)
        let invalidUTF8 =
            Data([0x41, 0xFF, 0xFE, 0xC3, 0x28, 0x1B, 0x5B, 0x33, 0x31, 0x6D, 0x52, 0x45, 0x44, 0x0A])
            + Data(script.utf8)
        let output = try sink.storeBlob(invalidUTF8 + Data(repeating: 0x42, count: 20_000))
        let svg = try sink.storeBlob(
            Data(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"window.__pwned=1\"><script>window.__pwned=1</script></svg>"
                    .utf8))
        let text = try sink.storeBlob(Data("text \(script) \(image)".utf8))
        let snapshot = TerminalSnapshot(
            columns: 30, rows: 2,
            lines: [
                TerminalLine(runs: [TerminalRun(text: script, style: TerminalStyle(foreground: .indexed(1)))]),
                TerminalLine(runs: [
                    TerminalRun(text: image, style: TerminalStyle(foreground: .rgb(red: 1, green: 2, blue: 3)))
                ]),
            ])
        let snapshotBlob = try sink.storeBlob(try JSONEncoder().encode(snapshot))
        let attachments = [
            AttachmentRecord(name: "../../../escape\(script).txt", mediaType: "text/plain", kind: .text, blob: text),
            AttachmentRecord(name: "/etc/passwd", mediaType: "text/plain\"><script>", kind: .text, blob: text),
            AttachmentRecord(name: "\(image).svg", mediaType: "image/svg+xml", kind: .image, blob: svg),
            AttachmentRecord(
                name: "screen \(script)", mediaType: TerminalSnapshot.mediaType, kind: .terminalSnapshot,
                blob: snapshotBlob),
        ]
        let issue = IssueRecord(
            kind: .assertion, message: "failed \(script) \(attribute) ]]> \u{1B}[31mred\u{1B}[0m \u{7}\u{0}",
            location: SourceLocation(file: "../../etc/\(image).swift", line: 3, column: 1),
            details: "details \(image) javascript:alert(1)")
        let activity = ActivityRecord(
            title: "step \(script)", start: 1_790_000_000, duration: 0.5, status: .failed, issues: [issue],
            attachments: [attachments[0]],
            children: [ActivityRecord(title: "inner \(image)", start: 1_790_000_000.1, duration: 0.1)])
        let measurement = MeasurementRecord(
            metricID: "m\(script)", name: "Time \(script)", unit: "s\(attribute)", values: [1, 2, .nan, 3],
            baselineAverage: 1)
        let attempt = TestAttempt(
            status: .failed, duration: 1.5, issues: [issue], activities: [activity],
            attachments: Array(attachments[1...]),
            measurements: [measurement], output: CapturedOutput(blob: output))
        try sink.addTest(
            TestRecord(
                runIndex: index,
                identity: TestIdentity(module: "Mod\(script)", suites: ["Suite\(attribute)"], name: "test\(image)"),
                displayName: "display \(script)", status: .failed,
                attempts: [TestAttempt(status: .failed, issues: [issue]), attempt],
                cases: [
                    TestCaseRecord(
                        arguments: "x → \(script)", attempts: [TestAttempt(status: .failed, issues: [issue])])
                ]))
        try sink.addTest(
            TestRecord(
                runIndex: index,
                identity: TestIdentity(module: "../..", suites: [".."], name: "javascript:window.__pwned=1"),
                status: .skipped, attempts: [TestAttempt(status: .skipped, statusReason: "because \(script)")]))
        try sink.addTest(
            TestRecord(
                runIndex: index, identity: TestIdentity(suites: ["Plain"], name: "passes \u{1B}[1m\(attribute)"),
                status: .passed,
                attempts: [
                    TestAttempt(
                        status: .passed, duration: 0.01, output: CapturedOutput(text: "\u{1B}[32mok\u{1B}[0m \(script)")
                    )
                ]))
        try sink.endRun(index, RunEnd(end: 1_790_000_010, exitCode: 1, output: CapturedOutput(text: "log \(script)")))
    }
}
