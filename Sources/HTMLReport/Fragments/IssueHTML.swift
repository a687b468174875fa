import Foundation
import ResultModel
import ResultSupport

/// The one drawing of an issue, used by test pages (attempts and parameterized cases), list rows and step trees:
/// an `<li class="issue k-KIND">` with the kind, the location, the message and details as preformatted text
/// (escape sequences removed, controls replaced: ``DisplayText``), and the source lines around the location when
/// the page shows them. A list of issues is an `<ol class="issues">`.
enum IssueHTML {
    /// The most issues drawn in one list.
    static let listLimit = 1000

    /// An `<ol class="issues">` of `issues` (empty when there are none), each with the source lines `source` gives.
    static func list(
        _ issues: [IssueRecord], display: SourceDisplay = .plain, source: (IssueRecord) -> String? = { _ in nil }
    ) -> OutputBuffer {
        var html = OutputBuffer(capacity: 256)
        guard !issues.isEmpty else { return html }
        html.append("<ol class=\"issues\">")
        for issue in issues.prefix(listLimit) {
            appendItem(issue, display: display, sourceHTML: source(issue), to: &html)
        }
        html.append("</ol>")
        return html
    }

    /// Appends one issue's `<li>`.
    static func appendItem(
        _ issue: IssueRecord, display: SourceDisplay = .plain, sourceHTML: String? = nil, to html: inout OutputBuffer
    ) {
        html.append("<li class=\"issue k-")
        html.appendEscapedHTML(issue.kind.rawValue)
        html.append("\"><span class=\"kind\">")
        html.appendEscapedHTML(issue.kind.rawValue)
        html.append("</span>")
        if let location = issue.location {
            html.append(" ")
            display.appendHTML(location, to: &html)
        }
        html.append("<pre class=\"message\">")
        html.appendEscapedHTML(DisplayText.clean(issue.message))
        html.append("</pre>")
        // The values are in the message (XCTest, swift-testing, JUnit) or at the start of the details (jest's and
        // pytest's text under a one-line message); a long stack trace is not searched.
        if let comparison = EqualityComparison(message: issue.message)
            ?? issue.details.flatMap({ EqualityComparison(message: String($0.prefix(8192))) })
        {
            EqualityComparisonHTML.append(comparison, to: &html)
        }
        if let details = issue.displayedDetails.flatMap({ withoutRepeatedMessage($0, message: issue.message) }) {
            html.append("<pre class=\"details\">")
            html.appendEscapedHTML(DisplayText.clean(details))
            html.append("</pre>")
        }
        if let sourceHTML { html.appendTrusted(sourceHTML) }
        html.append("</li>")
    }

    /// `details` without the lines that only repeat `message` (a JUnit failure's text, a stack trace, often starts
    /// with the message it carried, `java.lang.AssertionError: ` and all): the message is shown once, above them;
    /// `nil` when nothing else is left.
    static func withoutRepeatedMessage(_ details: String, message: String) -> String? {
        let said = Set(
            message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count >= 4 })
        guard !said.isEmpty else { return details }
        let kept = details.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !said.contains { trimmed == $0 || (trimmed.hasSuffix(": " + $0) && !trimmed.hasPrefix("at ")) }
        }
        let text = kept.joined(separator: "\n").trimmingCharacters(in: .newlines)
        return text.isEmpty ? nil : text
    }
}
