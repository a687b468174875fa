/// How many tests a run has, counted one way by every command (docs/FORMAT.md, section 3.1): test functions and
/// methods, the way runners' own summary lines count them; a parameterized test is one test, and its cases are
/// counted inside it. Shown as `164 tests (7 parameterized with 14 cases)`.
public struct TestCount: Sendable, Codable, Hashable, CustomStringConvertible {
    /// Test functions and methods (a parameterized test counts once).
    public var tests: Int
    /// The tests that have cases; nil when unknown (totals an older writer stored).
    public var parameterized: Int?
    /// The cases of the parameterized tests.
    public var cases: Int

    /// Creates a count.
    public init(tests: Int, parameterized: Int?, cases: Int) {
        self.tests = tests
        self.parameterized = parameterized
        self.cases = cases
    }

    /// `164 tests`, `1 test`, `164 tests (7 parameterized with 14 cases)`, or `164 tests (14 parameterized cases)`
    /// when the parameterized tests were not counted.
    public var description: String {
        let noun = tests == 1 ? "test" : "tests"
        guard cases > 0 else { return "\(tests) \(noun)" }
        let caseNoun = cases == 1 ? "case" : "cases"
        guard let parameterized else { return "\(tests) \(noun) (\(cases) parameterized \(caseNoun))" }
        return "\(tests) \(noun) (\(parameterized) parameterized with \(cases) \(caseNoun))"
    }
}
