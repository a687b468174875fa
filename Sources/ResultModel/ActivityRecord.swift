/// A named step inside a test (XCTest's activities, the recorder's `step`), with its own timing,
/// status, issues, attachments and nested steps.
public struct ActivityRecord: Sendable, Codable, Hashable {
    /// The step's title.
    public var title: String
    /// When it started, in seconds since 1970.
    public var start: Double?
    /// How long it took, in seconds.
    public var duration: Double?
    /// How it ended.
    public var status: TestStatus
    /// Issues recorded while this step (and not a nested one) ran.
    public var issues: [IssueRecord]
    /// Attachments added while this step (and not a nested one) ran.
    public var attachments: [AttachmentRecord]
    /// Steps nested inside this one, in the order they started.
    public var children: [ActivityRecord]

    /// Creates an activity.
    public init(
        title: String,
        start: Double? = nil,
        duration: Double? = nil,
        status: TestStatus = .passed,
        issues: [IssueRecord] = [],
        attachments: [AttachmentRecord] = [],
        children: [ActivityRecord] = []
    ) {
        self.title = title
        self.start = start
        self.duration = duration
        self.status = status
        self.issues = issues
        self.attachments = attachments
        self.children = children
    }

    /// The deepest nesting below and including this activity (1 for a step without children).
    public var depth: Int { 1 + (children.map(\.depth).max() ?? 0) }

    /// This activity's issues and those of every nested activity, depth first.
    public var allIssues: [IssueRecord] {
        issues + children.flatMap(\.allIssues)
    }

    /// This activity's attachments and those of every nested activity, depth first.
    public var allAttachments: [AttachmentRecord] {
        attachments + children.flatMap(\.allAttachments)
    }
}
