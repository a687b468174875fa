import ResultModel
import ResultSupport

/// Decides where a test's details are shown, and builds them when they fit in its list row.
///
/// A test page costs a file, and creating files is most of what a report of a large run costs the machine. So a
/// test that has little to tell — a few issues and a short console output, nothing else — is shown in full in its
/// row of the list pages (`all-N.html`, and `failed.html` or `skipped.html`), and its links lead to that row. A
/// test with anything more (retries, cases, properties, steps, attachments, measurements, long text, or source lines
/// to show) gets its own page.
enum RowDetail {
    /// Where a test's details go.
    enum Placement {
        /// Nothing beyond a status and a duration: a plain row.
        case statusOnly
        /// Everything fits in the row: the escaped markup of its detail cell.
        case row(OutputBuffer)
        /// A page of its own.
        case page
    }

    /// The most text (UTF-8 bytes of messages, details, locations, reason and output) a row shows in full.
    static let textLimit = 2048
    /// The most lines of that text a row shows in full.
    static let lineLimit = 40
    /// The most issues a row shows in full.
    static let issueLimit = 5

    /// Where `test`'s details go. With a source root, a test whose issues have a location gets a page, which can
    /// show the source lines around them.
    static func placement(of test: TestRecord, display: SourceDisplay = .plain) -> Placement {
        let showsSource = display.showsSource
        guard test.attempts.count <= 1, test.cases.isEmpty, test.properties.isEmpty else { return .page }
        guard let attempt = test.attempts.first else { return test.status.isFailure ? .page : .statusOnly }
        // A skip's reason is shown as the test's reason; a skip with details (go-junit-report's `t.Skip` line) has
        // more to show.
        let shownIssues = attempt.issues.filter { $0.kind != .skip || $0.details != nil }
        let output = attempt.output
        if shownIssues.isEmpty, output == nil, attempt.activities.isEmpty, attempt.attachments.isEmpty,
            attempt.measurements.isEmpty, !test.status.isFailure
        {
            return .statusOnly
        }
        guard attempt.activities.isEmpty, attempt.attachments.isEmpty, attempt.measurements.isEmpty,
            output == nil || (output?.blob == nil && output?.text != nil),
            attempt.issues.count <= issueLimit,
            !(showsSource && attempt.issues.contains { $0.location != nil })
        else { return .page }
        var texts: [String] = attempt.issues.flatMap {
            [$0.message, $0.displayedDetails ?? "", $0.location?.description ?? ""]
        }
        texts += [output?.text ?? "", attempt.statusReason ?? "", test.location?.description ?? ""]
        var bytes = 0
        var lines = 0
        for text in texts {
            for byte in text.utf8 {
                bytes += 1
                if byte == 0x0A { lines += 1 }
            }
        }
        guard bytes <= textLimit, lines <= lineLimit else { return .page }
        return .row(html(test, attempt: attempt, display: display))
    }

    /// The detail cell's markup: the test's location and reason (unless an issue says the same), every issue (kind, location, message, details)
    /// and its console output with ANSI colors, all escaped here.
    private static func html(_ test: TestRecord, attempt: TestAttempt, display: SourceDisplay) -> OutputBuffer {
        var html = OutputBuffer(capacity: 512)
        if test.displayName != nil || test.location != nil {
            html.append("<p class=\"test-identity\">")
            if test.displayName != nil {
                html.append("<span class=\"name\">")
                html.appendEscapedHTML(DisplayText.clean(test.identity.name))
                html.append("</span> ")
            }
            if let location = test.location { display.appendHTML(location, to: &html) }
            html.append("</p>")
        }
        if let reason = attempt.statusReason, !attempt.issues.contains(where: { $0.message == reason }) {
            html.append("<p class=\"reason\">")
            html.appendEscapedHTML(DisplayText.clean(reason))
            html.append("</p>")
        }
        html.append(IssueHTML.list(attempt.issues, display: display))
        if let text = attempt.output?.text, !text.isEmpty {
            html.append("<pre class=\"log\">")
            html.appendTrusted(ANSIToHTML.render(text))
            html.append("</pre>")
        }
        return html
    }
}
