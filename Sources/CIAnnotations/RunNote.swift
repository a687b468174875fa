import ResultModel

/// Something to say about a whole input rather than a test: that it holds no test (a run with no test is not a
/// success), or that listed tests did not run (``ResultModel/TestsNotRun``). GitHub shows the first as a warning
/// and the second as a notice; the other formats as their warnings (GitLab: `minor` and `info` entries).
public struct RunNote: Sendable, Hashable {
    /// What the note is about.
    public enum Kind: String, Sendable, Hashable {
        /// The input holds no test.
        case empty
        /// Listed tests did not run, or tests after a crash did not.
        case notRun
        /// Uncovered changed line ranges past the caps were not annotated (``UncoveredChangeAnnotations``).
        case uncoveredChangesOmitted

        /// A stable name for the kind of check (GitLab's `check_name`).
        public var checkName: String {
            switch self {
            case .empty: "no-tests-ran"
            case .notRun: "tests-did-not-run"
            case .uncoveredChangesOmitted: "uncovered-changes-not-annotated"
            }
        }
    }

    /// What the note is about.
    public var kind: Kind
    /// One line, cleaned (``AnnotationText``) but not escaped.
    public var text: String

    /// The notes for one input: `tests` tests read from it, `runs` its runs; `name` is its path as shown.
    static func notes(tests: Int, runs: [RunResult], name: String) -> [RunNote] {
        var notes: [RunNote] = []
        if tests == 0, !runs.isEmpty {
            notes.append(RunNote(kind: .empty, text: AnnotationText.singleLine("No tests ran in \(name)")))
        }
        if let sentence = TestsNotRun(runs: runs).sentence {
            let text = sentence.prefix(1).uppercased() + sentence.dropFirst() + " in \(name)"
            notes.append(RunNote(kind: .notRun, text: AnnotationText.singleLine(text)))
        }
        return notes
    }
}
