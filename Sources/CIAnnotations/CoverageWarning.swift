/// A warning that changed lines did not run in the tests, ready for a format's writer: its place in both path forms
/// (``Annotation/file`` and ``Annotation/relativeFile`` say why there are two), its lines, a title and a message.
/// Every string is cleaned (``AnnotationText``) but not escaped.
public struct CoverageWarning: Sendable, Hashable {
    /// The file relative to the repository root when under it, otherwise as recorded (GitHub, Azure Pipelines).
    public var file: String
    /// The file relative to the repository root, with `..` steps when outside it (GitLab).
    public var relativeFile: String
    /// The first and last uncovered line.
    public var lines: ClosedRange<Int>
    /// One line: `Changed lines not covered by tests`.
    public var title: String
    /// One line naming the lines and the file's share of changed lines that ran.
    public var message: String

    /// A stable name for the kind of check (GitLab's `check_name`).
    public static let checkName = "uncovered-change"

    /// `file:first-last` (or `file:line` for one line).
    public var place: String {
        lines.count == 1 ? "\(file):\(lines.lowerBound)" : "\(file):\(lines.lowerBound)-\(lines.upperBound)"
    }
}
