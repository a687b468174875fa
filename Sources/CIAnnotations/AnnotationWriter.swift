import ResultModel

/// One CI system's output, produced a test at a time: text before the first test, text for each test (with its
/// annotation, when it has one), and text after the last. Each call returns what to append; nothing is held but
/// counts (and, for GitLab, the fingerprints written).
public protocol AnnotationWriter {
    /// What comes before the first test.
    mutating func start() -> String
    /// Says which input the following tests come from (its path relative to the root), for formats that need a
    /// place for annotations without a location.
    mutating func startInput(named name: String)
    /// What `test` adds; `annotation` is its annotation, when it has one.
    mutating func add(_ test: TestRecord, annotation: Annotation?) -> String
    /// What a note about the whole input adds (no test ran; listed tests did not run), after its tests.
    mutating func add(_ note: RunNote) -> String
    /// What a warning about changed lines the tests did not run adds, after every input's tests.
    mutating func add(_ warning: CoverageWarning) -> String
    /// What comes after the last test.
    mutating func finish() -> String
    /// Whether the output speaks of every test, not only those with an annotation (failed and flaky ones).
    var readsEveryTest: Bool { get }
    /// How many more annotations of `severity` would be written (GitHub's cap, Azure's `--max-annotations`);
    /// `nil` without a cap. The tests past it need not be read, only counted with ``countUnwritten(_:)``.
    func room(for severity: Annotation.Severity) -> Int?
    /// Counts an annotation of `severity` past the cap, without its test.
    mutating func countUnwritten(_ severity: Annotation.Severity)
}

extension AnnotationWriter {
    public mutating func start() -> String { "" }
    public mutating func startInput(named name: String) {}
    public var readsEveryTest: Bool { false }
    public func room(for severity: Annotation.Severity) -> Int? { nil }
    public mutating func countUnwritten(_ severity: Annotation.Severity) {}
}
