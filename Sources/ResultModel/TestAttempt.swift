/// One execution of a test or test case. Retries and repetitions add attempts; the last one is the final result.
public struct TestAttempt: Sendable, Codable, Hashable {
    /// How the attempt ended.
    public var status: TestStatus
    /// Why it was skipped, interrupted or expected to fail, when known.
    public var statusReason: String?
    /// When it started, in seconds since 1970.
    public var start: Double?
    /// How long it took, in seconds.
    public var duration: Double?
    /// Issues recorded outside any activity.
    public var issues: [IssueRecord]
    /// Top-level steps.
    public var activities: [ActivityRecord]
    /// Attachments added outside any activity.
    public var attachments: [AttachmentRecord]
    /// Performance measurements.
    public var measurements: [MeasurementRecord]
    /// What the test printed while it ran.
    public var output: CapturedOutput?
    /// The machine or clone it ran on (Xcode's parallel "Clone 1 of ..."), when known.
    public var worker: String?

    /// Creates an attempt.
    public init(
        status: TestStatus,
        statusReason: String? = nil,
        start: Double? = nil,
        duration: Double? = nil,
        issues: [IssueRecord] = [],
        activities: [ActivityRecord] = [],
        attachments: [AttachmentRecord] = [],
        measurements: [MeasurementRecord] = [],
        output: CapturedOutput? = nil,
        worker: String? = nil
    ) {
        self.status = status
        self.statusReason = statusReason
        self.start = start
        self.duration = duration
        self.issues = issues
        self.activities = activities
        self.attachments = attachments
        self.measurements = measurements
        self.output = output
        self.worker = worker
    }

    /// Every issue of the attempt, its own first, then those of its activities depth first.
    public var allIssues: [IssueRecord] {
        issues + activities.flatMap(\.allIssues)
    }

    /// Every attachment of the attempt, its own first, then those of its activities depth first.
    public var allAttachments: [AttachmentRecord] {
        attachments + activities.flatMap(\.allAttachments)
    }
}
