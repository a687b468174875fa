import ResultModel
import ResultSupport

/// An issue from the failure text a JSON report carries (a message with its stack, as Jest, Mocha and Playwright
/// write them): the first line is the message, the whole text its details, the place the innermost frame of the
/// test's own code; terminal colour codes are removed.
enum FailureText {
    /// The issue of `text`, with `message` as its headline when the report gives one apart from the stack.
    static func issue(
        _ text: String, message: String? = nil, kind: IssueRecord.Kind = .assertion, type: String? = nil,
        location: SourceLocation? = nil
    ) -> IssueRecord {
        let body = ANSIEscapes.strip(text).trimmingWhitespace()
        let given = message.map { ANSIEscapes.strip($0).trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
        let headline = given ?? body.split(separator: "\n").first.map(String.init) ?? "failed"
        let details = body.isEmpty || body == headline ? nil : body
        return IssueRecord(
            kind: kind, message: headline, location: location ?? TraceLocation.find(in: body, className: nil),
            details: details, type: type)
    }
}
