import Foundation

/// The dialects of JUnit XML the exporter writes, each valid against its schema.
public enum JUnitFlavor: String, CaseIterable, Sendable {
    /// Flat `testsuites > testsuite > testcase`, valid against Jenkins' strict JUnit schema. The default.
    case jenkins
    /// The Jenkins xUnit plugin's JUnit model (`junit-10.xsd`): flaky and rerun elements for retries.
    case xunit
    /// Maven Surefire reports (`surefire-test-report.xsd`): one `TEST-<suite>.xml` file per suite in a folder.
    case surefire
}

/// What `junit` was asked for.
public struct JUnitExportOptions: Sendable {
    /// The dialect.
    public var flavor: JUnitFlavor
    /// Where attachments are exported and referenced from `[[ATTACHMENT|path]]` lines (relative to the XML).
    public var attachmentsDirectory: URL?
    /// Where the attachment files are actually written, when that is not `attachmentsDirectory` (a temporary
    /// folder renamed into place afterwards); nil writes them into `attachmentsDirectory`.
    public var attachmentsWriteDirectory: URL?
    /// The folder locations are shown relative to; nil: each run's recorded repository or working directory
    /// (docs/JUNIT.md, "Content").
    public var sourceRoot: String?

    /// Creates options.
    public init(flavor: JUnitFlavor = .jenkins, attachmentsDirectory: URL? = nil) {
        self.flavor = flavor
        self.attachmentsDirectory = attachmentsDirectory
    }
}

/// What an export wrote.
public struct JUnitExportSummary: Sendable {
    /// `<testsuite>` elements written.
    public var suites = 0
    /// `<testcase>` elements written.
    public var testCases = 0
    /// Test cases with a failure or error.
    public var failures = 0
    /// Skipped test cases.
    public var skipped = 0
    /// Attachment files exported.
    public var attachments = 0
    /// Files written (one for jenkins and xunit; one per suite for surefire).
    public var files: [URL] = []
}
