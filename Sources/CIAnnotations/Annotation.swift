import ResultModel

/// One thing a CI system should show beside the code: a failed test, a performance regression or a flaky test,
/// with the place it points at and the text to show. Every string is already cleaned (``AnnotationText``) but not
/// yet escaped: each format escapes for its own parser.
public struct Annotation: Sendable, Hashable {
    /// How loud the CI system should be about it.
    public enum Severity: String, Sendable, Hashable, CaseIterable {
        /// A failed test.
        case error
        /// A performance regression or a flaky test.
        case warning

        /// The severity of the annotation a failed or flaky test of these kinds gets (``AnnotationBuilder``): an
        /// error for a failure, a warning for a failure on performance alone or a flaky test.
        public init(of kinds: TestSelection) {
            self = kinds.contains(.failed) && !kinds.contains(.failedOnPerformanceAlone) ? .error : .warning
        }
    }

    /// What the annotation is about.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The test failed (an assertion, a thrown error, a crash, a timeout, an interruption).
        case failure
        /// The test failed only because a measurement was worse than its baseline.
        case performanceRegression
        /// The test failed in an earlier attempt and passed on retry.
        case flaky

        /// The severity each kind is shown with.
        public var severity: Severity { self == .failure ? .error : .warning }

        /// A stable name for the kind of check (GitLab's `check_name`).
        public var checkName: String {
            switch self {
            case .failure: "test-failure"
            case .performanceRegression: "performance-regression"
            case .flaky: "flaky-test"
            }
        }
    }

    /// What the annotation is about.
    public var kind: Kind
    /// The test's id (``ResultModel/TestIdentity/id``), part of GitLab's fingerprint.
    public var testID: String
    /// The test's name as shown: `Module.Suite/name`.
    public var testName: String
    /// The file, relative to the repository root when it lies under it, otherwise as recorded (``SourcePaths``);
    /// `nil` when unknown. What GitHub and Azure Pipelines are given.
    public var file: String?
    /// The file relative to the repository root even when it lies outside it (`../elsewhere/File.swift`); `nil`
    /// when unknown. What GitLab, which takes only relative paths, is given.
    public var relativeFile: String?
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?
    /// One line: `Module.Suite/name failed`.
    public var title: String
    /// The message, possibly several lines long (line feeds only, no other control characters).
    public var message: String

    /// Creates an annotation.
    public init(
        kind: Kind, testID: String, testName: String, file: String? = nil, relativeFile: String? = nil,
        line: Int? = nil, column: Int? = nil, title: String, message: String
    ) {
        self.kind = kind
        self.testID = testID
        self.testName = testName
        self.file = file
        self.relativeFile = relativeFile ?? file
        self.line = line
        self.column = column
        self.title = title
        self.message = message
    }

    /// The severity of ``kind``.
    public var severity: Severity { kind.severity }

    /// `file`, `file:line` or `file:line:column`; `nil` without a file.
    public var place: String? {
        guard let file else { return nil }
        guard let line else { return file }
        return column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
    }

    /// The message's first line.
    public var firstLine: String {
        String(message.prefix { $0 != "\n" })
    }
}
